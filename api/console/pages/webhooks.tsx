import type { WebhookDelivery, WebhookSecret } from '../../../schemas/admin/webhooks.ts';
import { CsrfField, Page, Scroller, When } from '../layout.tsx';

function Secret(props: { secret: WebhookSecret; revealed: boolean; csrfToken: string }) {
  const { secret } = props;
  return (
    <section aria-labelledby="secret">
      <h2 id="secret">Signing secret</h2>
      <p>
        Receivers verify each delivery's <code>webhook-signature</code> with it (Standard Webhooks). Rotated <When at={secret.rotatedAt} />.
      </p>
      {props.revealed ? (
        <>
          <p>
            <code class="secret" id="secret-value">{secret.secret}</code>{' '}
            <button type="button" class="secondary" data-copy="secret-value" hidden>
              Copy
            </button>
          </p>
          {secret.previousSecret && (
            <p>
              The previous secret signs too until <When at={secret.previousExpiresAt} />: <code class="secret">{secret.previousSecret}</code>
            </p>
          )}
          <p>
            <a href="/console/webhooks">Hide</a>
          </p>
        </>
      ) : (
        <p>
          <code class="secret">whsec_••••••••</code> <a href="/console/webhooks?reveal=1">Reveal</a>
        </p>
      )}
      <details>
        <summary>Rotate the secret…</summary>
        <form method="post" action="/console/webhooks/rotate">
          <CsrfField token={props.csrfToken} />
          <p>A new secret signs from now on; the current one keeps signing too for the overlap period, so receivers can switch.</p>
          <button type="submit" class="danger">Rotate now</button>
        </form>
      </details>
    </section>
  );
}

function Deliveries(props: { deliveries: WebhookDelivery[]; csrfToken: string }) {
  if (props.deliveries.length === 0) return <p>No deliveries yet.</p>;
  return (
    <Scroller label="Recent deliveries">
      <table>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Operation</th>
            <th scope="col" class="optional">URL</th>
            <th scope="col">Status</th>
            <th scope="col" class="num">Attempts</th>
            <th scope="col"><span class="muted">Action</span></th>
          </tr>
        </thead>
        <tbody>
          {props.deliveries.map((delivery) => (
            <tr data-delivery-id={delivery.id}>
              <td>
                <a href={`/console/webhooks/deliveries/${encodeURIComponent(delivery.id)}`} aria-label={`Delivery ${delivery.id}, attempts`}>
                  <When at={delivery.createdAt} />
                </a>
              </td>
              <td>{delivery.operation}</td>
              <td class="optional">{new URL(delivery.url).host}</td>
              <td class={`status-${delivery.status}`}>
                {delivery.status}
                {delivery.status === 'pending' && delivery.nextAttemptAt && <> (next <When at={delivery.nextAttemptAt} />)</>}
              </td>
              <td class="num">{delivery.attempts}</td>
              <td>
                {delivery.status !== 'pending' && (
                  <form method="post" action={`/console/webhooks/deliveries/${encodeURIComponent(delivery.id)}/replay`} class="inline">
                    <CsrfField token={props.csrfToken} />
                    <button type="submit" class="secondary" aria-label={`Replay delivery ${delivery.id}`}>Replay</button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

export function WebhooksPage(props: {
  csrfToken: string;
  secret: WebhookSecret;
  revealed: boolean;
  deliveries: WebhookDelivery[];
  notice?: string;
}) {
  return (
    <Page title="Webhooks" section="webhooks" csrfToken={props.csrfToken}>
      {props.notice && (
        <p class="notice" role="status">
          {props.notice}
        </p>
      )}
      <Secret secret={props.secret} revealed={props.revealed} csrfToken={props.csrfToken} />
      <section aria-labelledby="deliveries">
        <h2 id="deliveries">Recent deliveries</h2>
        <Deliveries deliveries={props.deliveries} csrfToken={props.csrfToken} />
      </section>
    </Page>
  );
}
