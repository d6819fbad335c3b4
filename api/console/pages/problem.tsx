import type { Context } from 'hono';
import type { ConsoleEnv } from '../env.ts';
import { documentOf, homeOf, Page } from '../layout.tsx';

/** What a console page answers when it cannot: a page, not the API's JSON error, with a way back. */
export function ProblemPage(props: { title: string; message: string; csrfToken?: string; operator?: boolean }) {
  return (
    <Page title={props.title} csrfToken={props.csrfToken} operator={props.operator}>
      <p role="alert">{props.message}</p>
      <p>
        <a href={homeOf(props.operator)}>Back to the console</a>
      </p>
    </Page>
  );
}

/** 404 as a page: no such page, or a key or delivery that is not the session's account's. */
export const notFoundPage = (c: Context<ConsoleEnv>) =>
  c.html(
    documentOf(<ProblemPage title="Not found" message="There is no such page, key or delivery in this account." csrfToken={c.get('session')?.csrfToken} />),
    404,
  );

/** 403 for the operator's session on an account's page: it has no account to act as. */
export const notAnAccountPage = (c: Context, csrfToken: string) =>
  c.html(
    documentOf(
      <ProblemPage
        title="Not an account's session"
        message="This session is the operator's: it has no account, so no keys, usage or webhooks. Sign in with an account's login link for those."
        csrfToken={csrfToken}
        operator
      />,
    ),
    403,
  );

/** 403 for an account's session on the operator's pages: they show Kith's own records, which are no account's. */
export const operatorOnlyPage = (c: Context, csrfToken: string) =>
  c.html(
    documentOf(
      <ProblemPage title="For the operator only" message="These pages show Kith's own records to its operator; an account's session cannot open them." csrfToken={csrfToken} />,
    ),
    403,
  );
