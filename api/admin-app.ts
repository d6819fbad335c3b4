import { Hono, type MiddlewareHandler } from 'hono';
import type { Clock } from '../adapters/clock.ts';
import type { MatchTraining, Stores } from '../adapters/db/port.ts';
import { edgeApp, type EdgeDeps } from './edge.ts';
import type { ApiEnv } from './env.ts';
import { adminAuth } from './middleware/admin-auth.ts';
import { jsonBody } from './middleware/json-body.ts';
import { adminConsoleRoutes } from './routes/admin-console.ts';
import { adminDataRoutes } from './routes/admin-data.ts';
import { adminGraphRoutes } from './routes/admin-graph.ts';
import { adminWebhookRoutes } from './routes/admin-webhooks.ts';
import { adminRoutes } from './routes/admin.ts';

export type AdminApiDeps = {
  stores: Stores;
  clock: Clock;
  adminToken: string;
  /** Whether an import of persons over the admin API trains the match model at its end. */
  matchTraining: MatchTraining;
  /** The base address console login links start with; undefined: the address the request came to. */
  consoleUrl: () => string | undefined;
  limits: { maxBodyBytes: number; webhookSecretOverlapMs: number; consoleLinkMs: number };
};

/** /admin/: the operator's API, every route behind the admin token; mounted at /admin by the app serving it. */
export function adminApi(deps: AdminApiDeps, body: MiddlewareHandler<ApiEnv>): Hono<ApiEnv> {
  const { stores, clock, limits } = deps;
  const admin = new Hono<ApiEnv>();
  admin.use('*', adminAuth({ adminToken: deps.adminToken, clock }));
  // Data imports stream their NDJSON body: they answer before the JSON body parser below would read it.
  admin.route('/', adminDataRoutes({ ...stores, matchTraining: deps.matchTraining }));
  admin.use('*', body);
  admin.route('/', adminRoutes({ ...stores, clock }));
  admin.route('/', adminGraphRoutes(stores));
  admin.route('/', adminWebhookRoutes({ ...stores, clock, secretOverlapMs: limits.webhookSecretOverlapMs }));
  admin.route('/', adminConsoleRoutes({ ...stores, clock, linkTtlMs: limits.consoleLinkMs, baseUrl: deps.consoleUrl }));
  return admin;
}

/**
 * The app of KITH_ADMIN_PORT's listener: /admin/ and nothing else, so that the operator's API stays off the public
 * port as gateways keep theirs; the public app then leaves it out.
 */
export function createAdminApp(deps: AdminApiDeps & EdgeDeps): Hono<ApiEnv> {
  return edgeApp(deps).route('/admin', adminApi(deps, jsonBody({ maxBytes: deps.limits.maxBodyBytes })));
}
