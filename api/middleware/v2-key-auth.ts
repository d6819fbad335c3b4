import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import type { KeyAuthenticator } from '../key-authenticator.ts';
import { BEARER, signIn } from './api-key-auth.ts';

/** The key headers of v2: the specification's `X-Service-APIKey`, and `X-FullContact-APIKey`, which v2 clients send. */
const KEY_HEADERS = ['x-service-apikey', 'x-fullcontact-apikey'];

/**
 * v2 authentication, where a v3 key works too: the key as the `apiKey` query parameter or in a key header;
 * `Authorization: Bearer` is taken as well (the last official clients called v2 email verification so).
 */
export function v2KeyAuth(options: { authenticator: KeyAuthenticator }): MiddlewareHandler<ApiEnv> {
  return async function v2KeyAuthMiddleware(c, next) {
    const bearer = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    const secret = c.req.query('apiKey') ?? KEY_HEADERS.map((name) => c.req.header(name)).find((value) => value) ?? bearer;
    if (!secret) throw new ApiError(401, 'Missing API key: send it as the apiKey query parameter or in the X-Service-APIKey header');
    await signIn(c, options.authenticator, secret.trim());
    await next();
  };
}
