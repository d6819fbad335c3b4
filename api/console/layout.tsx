import type { Child } from 'hono/jsx';
import { CSRF_FIELD } from './csrf.ts';

export type Section = 'keys' | 'usage' | 'webhooks' | 'graph';

/** An account's user's sections, and the operator's: a session sees only its own. */
const ACCOUNT_SECTIONS: Array<{ id: Section; label: string }> = [
  { id: 'keys', label: 'API keys' },
  { id: 'usage', label: 'Usage' },
  { id: 'webhooks', label: 'Webhooks' },
];
const OPERATOR_SECTIONS: Array<{ id: Section; label: string }> = [{ id: 'graph', label: 'Identity graph' }];

/** Where a page's way back leads: the first section of the session's own. */
export const homeOf = (operator: boolean | undefined) => (operator ? '/console/graph' : '/console/keys');

/** The hidden field every console form posts: the session's CSRF token. */
export const CsrfField = (props: { token: string }) => <input type="hidden" name={CSRF_FIELD} value={props.token} />;

/**
 * Every page: landmarks (header with navigation, main, footer), the stylesheet, the one small script. A signed-in
 * page (one with a CSRF token) shows the sections of its session: the operator's (`operator`) or an account's.
 */
export function Page(props: { title: string; section?: Section; csrfToken?: string; operator?: boolean; children?: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · Kith console`}</title>
        <link rel="stylesheet" href="/console/assets/console.css" />
        <script src="/console/assets/console.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header>
          <span class="brand">Kith console</span>
          {props.csrfToken && (
            <nav aria-label="Console">
              <ul>
                {(props.operator ? OPERATOR_SECTIONS : ACCOUNT_SECTIONS).map((section) => (
                  <li>
                    <a href={`/console/${section.id}`} aria-current={section.id === props.section ? 'page' : undefined}>
                      {section.label}
                    </a>
                  </li>
                ))}
              </ul>
              <form method="post" action="/console/sign-out">
                <CsrfField token={props.csrfToken} />
                <button type="submit" class="link">Sign out</button>
              </form>
            </nav>
          )}
        </header>
        <main id="main">
          <h1>{props.title}</h1>
          {props.children}
        </main>
      </body>
    </html>
  );
}

/** A table that may scroll sideways on a narrow screen: a labelled region keyboard users can focus and scroll. */
export const Scroller = (props: { label: string; children?: Child }) => (
  <div class="table-wrap" role="region" aria-label={props.label} tabindex={0}>
    {props.children}
  </div>
);

/** A date and time as people read it, in UTC (the service's days are UTC days). */
export const When = (props: { at: string | null; empty?: string }) =>
  props.at ? <time datetime={props.at}>{props.at.slice(0, 16).replace('T', ' ')} UTC</time> : <>{props.empty ?? '—'}</>;

/** A page as the HTML document it is: standards mode needs the doctype, which JSX cannot write. */
export const documentOf = (page: Child) => `<!doctype html>${String(page)}`;
