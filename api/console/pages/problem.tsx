import type { Context } from 'hono';
import type { ConsoleEnv } from '../env.ts';
import { documentOf, Page } from '../layout.tsx';

/** What a console page answers when it cannot: a page, not the API's JSON error, with a way back. */
export function ProblemPage(props: { title: string; message: string; csrfToken?: string }) {
  return (
    <Page title={props.title} csrfToken={props.csrfToken}>
      <p role="alert">{props.message}</p>
      <p>
        <a href="/console/keys">Back to the console</a>
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
