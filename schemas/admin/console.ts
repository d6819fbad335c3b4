import { z } from 'zod';

export const ConsoleLink = z
  .object({
    url: z.url().describe('Opens the web console signed in to the account (or as the operator, for the operator\'s link): once, until expiresAt'),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'ConsoleLink' });
export type ConsoleLink = z.infer<typeof ConsoleLink>;
