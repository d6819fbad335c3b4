import { Hono } from 'hono';
import type { DeliveryStore, WebhookSecretStore } from '../../adapters/db/port.ts';
import type { ConsoleEnv } from './env.ts';
import { documentOf } from './layout.tsx';
import { DeliveryPage } from './pages/delivery.tsx';
import { notFoundPage } from './pages/problem.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';
import { noticeOf, type SectionOptions } from './section.ts';

export type WebhookRouteOptions = SectionOptions & {
  deliveries: DeliveryStore;
  webhookSecrets: WebhookSecretStore;
  /** How long the previous secret still signs after a rotation. */
  secretOverlapMs: number;
};

const RECENT_DELIVERIES = 50;
const NOTICES = {
  rotated: 'A new signing secret signs from now on; the previous one signs too until the overlap ends.',
  replayed: 'The delivery is due again now.',
};

/** /console/webhooks: the signing secret (reveal, rotate) and recent deliveries (replay), as the admin API does them. */
export function webhookRoutes(options: WebhookRouteOptions) {
  const { deliveries, webhookSecrets, clock, signedIn } = options;
  const app = new Hono<ConsoleEnv>();

  app.get('/webhooks', ...signedIn, async (c) => {
    const { accountId, csrfToken } = c.get('session');
    const [secret, recent] = await Promise.all([
      webhookSecrets.show(accountId, clock.now()),
      deliveries.list(accountId, { limit: RECENT_DELIVERIES }),
    ]);
    const notice = noticeOf(NOTICES, c.req.query('done'));
    return c.html(
      documentOf(<WebhooksPage csrfToken={csrfToken} secret={secret} revealed={c.req.query('reveal') === '1'} deliveries={recent} notice={notice} />),
    );
  });
  app.post('/webhooks/rotate', ...signedIn, async (c) => {
    await webhookSecrets.rotate(c.get('session').accountId, clock.now(), options.secretOverlapMs);
    return c.redirect('/console/webhooks?done=rotated', 303);
  });
  // The delivery store finds deliveries by id alone: the console shows and replays only the session's account's.
  const ownDelivery = async (accountId: string, id: string) => {
    const delivery = await deliveries.get(id);
    return delivery?.accountId === accountId ? delivery : undefined;
  };
  app.get('/webhooks/deliveries/:id', ...signedIn, async (c) => {
    const { accountId, csrfToken } = c.get('session');
    const delivery = await ownDelivery(accountId, c.req.param('id'));
    if (!delivery) return notFoundPage(c);
    return c.html(documentOf(<DeliveryPage delivery={delivery} csrfToken={csrfToken} />));
  });
  app.post('/webhooks/deliveries/:id/replay', ...signedIn, async (c) => {
    const delivery = await ownDelivery(c.get('session').accountId, c.req.param('id'));
    if (!delivery) return notFoundPage(c);
    await deliveries.replay(delivery.id, clock.now());
    return c.redirect('/console/webhooks?done=replayed', 303);
  });
  return app;
}
