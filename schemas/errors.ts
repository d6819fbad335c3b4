import { z } from 'zod';

/** Every error answer, whatever the status: never HTML, never a stack trace. */
export const ErrorBody = z
  .object({
    status: z.number().int(),
    message: z.string(),
    requestId: z.string().optional(),
    reasonCode: z.string().optional().describe('Why, in a word, where the clients read one (company.enrich: NOT_REGISTERED)'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;
