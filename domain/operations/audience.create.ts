import { AudienceAccepted, AudienceCreateRequest } from '../../schemas/v3/audience.ts';
import type { OperationSpec } from './spec.ts';

/** audience.create: its request schema and ingress rules. Handled by audienceCreateHandler, workers/audience/build.ts. */
export const audienceCreate = {
  summary: "Builds a gzip JSON file of the account's records holding any of the tags; the webhook is told where to download it",
  worker: 'audience',
  webhook: true,
  creates: true,
  webhookAccepted: (url) => `Audience request accepted. When the file is ready, its download address will be POSTed to ${url}`,
  request: AudienceCreateRequest,
  response: AudienceAccepted,
  success: 202,
} as const satisfies OperationSpec;
