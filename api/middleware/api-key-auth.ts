import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { actingFor } from './request-id.ts';
import type { KeyAuthenticator } from '../key-authenticator.ts';

export const BEARER = /^Bearer ([^\s]+)$/;

/** Authenticates the request as the owner of `secret`: the account, its rate limit and the log context. */
export async function signIn(c: Context<ApiEnv>, authenticator: KeyAuthenticator, secret: string): Promise<void> {
  const owner = await authenticator.authenticate(secret);
  if (!owner) throw new ApiError(401, 'Invalid or revoked API key');
  actingFor(c, owner.accountId);
  c.set('rateLimit', owner.rateLimit);
}

/**
 * v3 authentication: `Authorization: Bearer <key>` (the word, one space, the key) and nothing else.
 * Keys in a query parameter or a legacy header are refused, not looked at.
 */
export function apiKeyAuth(options: { authenticator: KeyAuthenticator }): MiddlewareHandler<ApiEnv> {
  return async function apiKeyAuthMiddleware(c, next) {
    const header = c.req.header('authorization');
    if (header === undefined) {
      const misplaced = c.req.query('apiKey') !== undefined || c.req.header('x-service-apikey') !== undefined;
      throw new ApiError(
        401,
        misplaced
          ? 'API keys are accepted on v3 only in the header Authorization: Bearer <key>'
          : 'Missing API key: send the header Authorization: Bearer <key>',
      );
    }
    const secret = BEARER.exec(header)?.[1];
    if (!secret) throw new ApiError(401, 'Malformed Authorization header: expected Bearer <key>');
    await signIn(c, options.authenticator, secret);
    await next();
  };
}
