import type { WebhookDeliveryDetail } from '../../../schemas/admin/webhooks.ts';
import { CsrfField, Page, Scroller, When } from '../layout.tsx';

/** One delivery with every attempt: when, what the receiver answered, how long it took, what went wrong. */
export function DeliveryPage(props: { delivery: WebhookDeliveryDetail; csrfToken: string }) {
  const { delivery } = props;
  return (
    <Page title="Webhook delivery" section="webhooks" csrfToken={props.csrfToken}>
      <dl>
        <dt>webhook-id</dt>
        <dd>
          <code>{delivery.id}</code>
        </dd>
        <dt>Operation</dt>
        <dd>{delivery.operation}</dd>
        <dt>Receiver</dt>
        <dd>{new URL(delivery.url).host}</dd>
        <dt>Status</dt>
        <dd class={`status-${delivery.status}`}>
          {delivery.status}
          {delivery.status === 'pending' && delivery.nextAttemptAt && <> (next attempt <When at={delivery.nextAttemptAt} />)</>}
        </dd>
      </dl>
      {delivery.status !== 'pending' && (
        <form method="post" action={`/console/webhooks/deliveries/${encodeURIComponent(delivery.id)}/replay`}>
          <CsrfField token={props.csrfToken} />
          <button type="submit" class="secondary">Replay</button>
        </form>
      )}
      <h2>Attempts</h2>
      {delivery.attemptLog.length === 0 ? (
        <p>No attempt yet.</p>
      ) : (
        <Scroller label="Attempts">
          <table>
            <thead>
              <tr>
                <th scope="col" class="num">#</th>
                <th scope="col">Started</th>
                <th scope="col">Outcome</th>
                <th scope="col" class="num">HTTP status</th>
                <th scope="col" class="num">Latency</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attemptLog.map((attempt) => (
                <tr>
                  <td class="num">{attempt.attempt}</td>
                  <td><When at={attempt.startedAt} /></td>
                  <td class={`status-${attempt.outcome}`}>{attempt.outcome}</td>
                  <td class="num">{attempt.statusCode ?? '—'}</td>
                  <td class="num">{attempt.latencyMs} ms</td>
                  <td>{attempt.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroller>
      )}
      <p>
        <a href="/console/webhooks">All deliveries</a>
      </p>
    </Page>
  );
}
