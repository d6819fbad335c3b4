import { Page } from '../layout.tsx';

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
