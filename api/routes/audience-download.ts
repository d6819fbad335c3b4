import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { BlobStore } from '../../adapters/blobs/port.ts';
import type { AudienceStore } from '../../adapters/db/port.ts';
import { AUDIENCE_KEEP_DAYS } from '../../schemas/v3/audience.ts';
import { audienceBlobKey } from '../../domain/audiences/blob-key.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

const RequestId = z.uuid();

/**
 * audience.download: the file's raw gzip bytes, streamed, as `application/octet-stream` without
 * Content-Encoding (the official clients save the bytes as they come; an encoding would make their HTTP
 * libraries inflate it). GET, HEAD and POST (for callers that only POST), each with `?requestId=`; only the
 * account that created the audience sees it.
 */
export function audienceDownloadRoutes(options: { audiences: AudienceStore; blobs: BlobStore }) {
  const app = new Hono<ApiEnv>();
  const download = async (c: Context<ApiEnv>) => {
    const requestId = c.req.query('requestId') ?? '';
    const notFound = () => new ApiError(404, `Audience request is not found for requestId ${requestId}`);
    if (!RequestId.safeParse(requestId).success) {
      if (requestId === '') throw new ApiError(400, 'Invalid request: requestId: required (?requestId=<uuid>)');
      throw notFound();
    }
    const audience = await options.audiences.get(c.get('accountId'), requestId);
    if (!audience) throw notFound();
    if (audience.status === 'building') {
      return c.json({ status: 202, message: 'The audience is being built; its webhook is told when it can be downloaded', requestId }, 202);
    }
    if (audience.status === 'expired') {
      throw new ApiError(410, `The audience ${requestId} was downloadable for ${AUDIENCE_KEEP_DAYS} days; that time is over`);
    }
    const file = await options.blobs.get(audienceBlobKey(audience.accountId, audience.id));
    if (!file) throw notFound();
    const headers = {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="audience-${requestId}.json.gz"`,
      'Content-Length': String(file.bytes),
    };
    if (c.req.method === 'HEAD') {
      file.stream.destroy();
      return c.body(null, 200, headers);
    }
    return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, headers);
  };
  app.on(['GET', 'HEAD', 'POST'], '/audience.download', download);
  app.all('/audience.download', () => {
    throw new ApiError(405, 'audience.download accepts only GET, HEAD and POST', { Allow: 'GET, HEAD, POST' });
  });
  return app;
}
