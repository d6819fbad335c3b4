import { Page } from '../layout.tsx';

/**
 * The link's landing page: a button that POSTs the token, so that link scanners and prefetchers (which GET)
 * cannot spend it, and the session cookie is set by a same-site request (SameSite=Strict).
 */
export function SignInPage(props: { token?: string; problem?: string }) {
  return (
    <Page title="Sign in">
      {props.problem && (
        <p class="notice warning" role="alert">
          {props.problem}
        </p>
      )}
      {props.token ? (
        <form method="post" action="/console/sign-in">
          <input type="hidden" name="token" value={props.token} />
          <p>This one-time link signs you in to the Kith console.</p>
          <button type="submit">Sign in</button>
        </form>
      ) : (
        <p>
          Sign in with a one-time login link from your Kith operator (<code>kith console link --account ACCOUNT_ID</code>;
          the operator's own: <code>kith console link --operator</code>). A link works once, for a short time.
        </p>
      )}
    </Page>
  );
}

export function SignedOutPage() {
  return (
    <Page title="Signed out">
      <p>You are signed out. Sign in again with a new login link.</p>
    </Page>
  );
}
