import { Hono } from 'hono';
import { z } from 'zod';
import type { Clock } from '../../adapters/clock.ts';
import type { AccountStore, ApiKeyStore, PlanStore } from '../../adapters/db/port.ts';
import { ConflictError } from '../../adapters/errors.ts';
import { CreateAccountRequest } from '../../schemas/admin/accounts.ts';
import { CreatePlanRequest } from '../../schemas/admin/plans.ts';
import { issueApiKey } from '../api-keys.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { parseOrBadRequest } from '../validate.ts';

export type AdminRouteOptions = { plans: PlanStore; accounts: AccountStore; apiKeys: ApiKeyStore; clock: Clock };

const Uuid = z.uuid();

/** The operator's API behind the admin token: plans, accounts and API keys. */
export function adminRoutes(options: AdminRouteOptions) {
  const { plans, accounts, apiKeys, clock } = options;
  const app = new Hono<ApiEnv>();

  async function existingAccount(id: string) {
    const account = Uuid.safeParse(id).success ? await accounts.get(id) : undefined;
    if (!account) throw new ApiError(404, `No account with id ${id}`);
    return account;
  }

  app.post('/plans', async (c) => {
    const input = parseOrBadRequest(CreatePlanRequest, c.get('body'));
    try {
      return c.json(await plans.create(input), 201);
    } catch (error) {
      if (error instanceof ConflictError) throw new ApiError(409, `A plan named ${input.name} already exists`);
      throw error;
    }
  });

  app.get('/plans', async (c) => c.json({ plans: await plans.list() }));

  app.post('/accounts', async (c) => {
    const input = parseOrBadRequest(CreateAccountRequest, c.get('body'));
    const planName = input.plan ?? 'Standard';
    const plan = await plans.findByName(planName);
    if (!plan) throw new ApiError(400, `Invalid request: plan: no plan named ${planName}`);
    const account = await accounts.create({
      name: input.name,
      planId: plan.id,
      identitySharing: input.identitySharing ?? false,
      billingAnchor: clock.now().toISOString().slice(0, 10),
    });
    return c.json(account, 201);
  });

  app.get('/accounts', async (c) => c.json({ accounts: await accounts.list() }));

  app.get('/accounts/:id', async (c) => c.json(await existingAccount(c.req.param('id'))));

  app.post('/accounts/:id/keys', async (c) => {
    const account = await existingAccount(c.req.param('id'));
    return c.json(await issueApiKey(apiKeys, account.id), 201);
  });

  app.get('/accounts/:id/keys', async (c) => {
    const account = await existingAccount(c.req.param('id'));
    return c.json({ keys: await apiKeys.listForAccount(account.id) });
  });

  app.post('/keys/:id/revoke', async (c) => {
    const revoked = await apiKeys.revoke(c.req.param('id'), clock.now());
    if (!revoked) throw new ApiError(404, `No API key with id ${c.req.param('id')}`);
    return c.json(revoked);
  });

  return app;
}
