import type { ApiKeyInfo, CreatedApiKey } from '../../../schemas/admin/keys.ts';
import { CsrfField, Page, Scroller, When } from '../layout.tsx';

function NewKey(props: { created: CreatedApiKey }) {
  return (
    <section class="notice" aria-labelledby="new-key" data-replace-url="/console/keys">
      <h2 id="new-key">Your new API key</h2>
      <p>
        Copy it now: it is shown only this once. Kith keeps only its hash.
      </p>
      <p>
        <code class="secret" id="new-key-value">{props.created.key}</code>{' '}
        <button type="button" class="secondary" data-copy="new-key-value" hidden>
          Copy
        </button>
      </p>
    </section>
  );
}

export function KeysPage(props: { keys: ApiKeyInfo[]; csrfToken: string; created?: CreatedApiKey; notice?: string }) {
  return (
    <Page title="API keys" section="keys" csrfToken={props.csrfToken}>
      {props.created && <NewKey created={props.created} />}
      {props.notice && (
        <p class="notice" role="status">
          {props.notice}
        </p>
      )}
      <form method="post" action="/console/keys">
        <CsrfField token={props.csrfToken} />
        <button type="submit">Generate a new key</button>
      </form>
      <Scroller label="API keys">
        <table>
          <caption class="muted">Keys of this account; v3 takes them as <code>Authorization: Bearer</code>.</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col" class="optional">Last used</th>
              <th scope="col">Status</th>
              <th scope="col"><span class="muted">Action</span></th>
            </tr>
          </thead>
          <tbody>
            {props.keys.map((key) => (
              <tr data-key-id={key.id}>
                <td>
                  <code>{key.displayPrefix}…</code>
                </td>
                <td><When at={key.createdAt} /></td>
                <td class="optional"><When at={key.lastUsedAt} empty="never" /></td>
                <td>{key.revokedAt ? <>revoked <When at={key.revokedAt} /></> : 'active'}</td>
                <td>{!key.revokedAt && <a href={`/console/keys/${encodeURIComponent(key.id)}/revoke`} aria-label={`Revoke ${key.displayPrefix}…`}>Revoke…</a>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroller>
    </Page>
  );
}

/** Revocation asks first, on a page of its own: no script needed, and the confirm button is a real form. */
export function RevokeKeyPage(props: { apiKey: ApiKeyInfo; csrfToken: string }) {
  const { apiKey } = props;
  return (
    <Page title="Revoke API key" section="keys" csrfToken={props.csrfToken}>
      <p>
        Revoke <code>{apiKey.displayPrefix}…</code> (created <When at={apiKey.createdAt} />)? Every request with it is
        refused within a second. This cannot be undone.
      </p>
      <form method="post" action={`/console/keys/${encodeURIComponent(apiKey.id)}/revoke`}>
        <CsrfField token={props.csrfToken} />
        <button type="submit" class="danger">Revoke this key</button> <a href="/console/keys">Cancel</a>
      </form>
    </Page>
  );
}
