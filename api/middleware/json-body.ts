import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiEnv } from '../env.ts';
import { MAX_JSON_DEPTH, tooDeepPath } from '../../schemas/json-depth.ts';
import { invalidField } from '../../schemas/validation.ts';
import { ApiError } from '../errors.ts';

const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

/**
 * Reads the body as JSON: over `maxBytes` 413, a body in another media type 415, bytes that are no UTF-8,
 * malformed JSON or JSON nested too deep 400.
 * An empty body stands for `{}`, so operations whose fields are all optional accept it.
 */
export function jsonBody(options: { maxBytes: number }): MiddlewareHandler<ApiEnv> {
  const tooLarge = () => new ApiError(413, `Request body is larger than the limit of ${options.maxBytes} bytes`);
  const limit = bodyLimit({
    maxSize: options.maxBytes,
    onError: () => {
      throw tooLarge();
    },
  });
  return async function jsonBodyMiddleware(c, next) {
    // Node's HTTP parser never reads past a declared Content-Length, so checking it is enough, and the body
    // is then read straight from the socket. bodyLimit looks at the body stream, which makes the server build
    // a full web Request for each call; it is kept for chunked bodies, whose size is known only once read.
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(declared) > options.maxBytes) throw tooLarge();
      return readJson(c, next);
    }
    await limit(c, () => readJson(c, next));
  };
}

/** Fails on bytes that are no UTF-8, where a lenient decoder reads U+FFFD: two different bodies would read the same. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body's text, or undefined when its bytes are no UTF-8. */
function utf8Text(bytes: ArrayBuffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

async function readJson(c: Context<ApiEnv>, next: Next): Promise<void> {
  const text = utf8Text(await c.req.arrayBuffer());
  if (text?.trim() === '') {
    c.set('body', {});
    return next();
  }
  if (!JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, 'Request body must be JSON, sent with Content-Type: application/json');
  }
  if (text === undefined) throw new ApiError(400, 'Request body is not valid UTF-8');
  c.set('body', shallowJson(text));
  await next();
}

/** The parsed body, refused when malformed or nested past MAX_JSON_DEPTH: before anything walks it recursively. */
function shallowJson(text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Unable to process JSON');
  }
  const tooDeep = tooDeepPath(body, MAX_JSON_DEPTH);
  if (tooDeep) throw new ApiError(400, invalidField(tooDeep, `nested deeper than the limit of ${MAX_JSON_DEPTH} levels`));
  return body;
}
