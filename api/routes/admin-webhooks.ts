import { Hono } from 'hono';
import { z } from 'zod';
import type { Clock } from '../../adapters/clock.ts';
import type { AccountStore, DeliveryStore, WebhookSecretStore } from '../../adapters/db/port.ts';
import { DeliveryStatus, ReplayRequest } from '../../schemas/admin/webhooks.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { parseOrBadRequest } from '../validate.ts';

export type AdminWebhookOptions = {
  accounts: AccountStore;
  deliveries: DeliveryStore;
  webhookSecrets: WebhookSecretStore;
  clock: Clock;
  /** How long the previous secret still signs after a rotation. */
  secretOverlapMs: number;
};

const ListQuery = z.object({
  status: DeliveryStatus.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

/** The operator's view of an account's webhooks: its signing secret, its deliveries and their attempts, replays. */
export function adminWebhookRoutes(options: AdminWebhookOptions) {
  const { deliveries, webhookSecrets, clock } = options;
  const app = new Hono<ApiEnv>();

  async function existingAccountId(id: string): Promise<string> {
    const account = z.uuid().safeParse(id).success ? await options.accounts.get(id) : undefined;
    if (!account) throw new ApiError(404, `No account with id ${id}`);
    return account.id;
  }

  app.get('/accounts/:id/webhook-secret', async (c) =>
    c.json(await webhookSecrets.show(await existingAccountId(c.req.param('id')), clock.now())),
  );

  app.post('/accounts/:id/webhook-secret/rotate', async (c) =>
    c.json(await webhookSecrets.rotate(await existingAccountId(c.req.param('id')), clock.now(), options.secretOverlapMs)),
  );

  app.get('/accounts/:id/deliveries', async (c) => {
    const accountId = await existingAccountId(c.req.param('id'));
    const query = parseOrBadRequest(ListQuery, c.req.query());
    return c.json({ deliveries: await deliveries.list(accountId, query) });
  });

  app.post('/accounts/:id/deliveries/replay', async (c) => {
    const accountId = await existingAccountId(c.req.param('id'));
    const { since } = parseOrBadRequest(ReplayRequest, c.get('body'));
    return c.json({ replayed: await deliveries.replayFailedSince(accountId, new Date(since), clock.now()) });
  });

  app.get('/deliveries/:id', async (c) => {
    const delivery = await deliveries.get(c.req.param('id'));
    if (!delivery) throw new ApiError(404, `No delivery with id ${c.req.param('id')}`);
    return c.json(delivery);
  });

  app.post('/deliveries/:id/replay', async (c) => {
    if (!(await deliveries.replay(c.req.param('id'), clock.now()))) {
      throw new ApiError(404, `No delivery with id ${c.req.param('id')}`);
    }
    return c.json((await deliveries.get(c.req.param('id')))!);
  });

  return app;
}
