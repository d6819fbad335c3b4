import { z } from 'zod';

export const ApiKeyInfo = z
  .object({
    id: z.string(),
    accountId: z.uuid(),
    displayPrefix: z.string().describe('The first characters of the key, enough to recognise it'),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKeyInfo' });
export type ApiKeyInfo = z.infer<typeof ApiKeyInfo>;

export const CreatedApiKey = ApiKeyInfo.extend({
  key: z.string().describe('The full key. Shown once: only its hash is stored.'),
}).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyList = z.object({ keys: z.array(ApiKeyInfo) }).meta({ id: 'ApiKeyList' });
