import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PersonTooLargeError } from '../../adapters/persons/graph-explain.ts';
import { ApiError } from '../errors.ts';

/** What an operator's page says instead of its answer, with the status the admin API would give. */
export type Refusal = { status: ContentfulStatusCode; message: string };

/**
 * The admin API's refusals (a malformed record, limit or decision, a record no source holds, a person too large to
 * weigh) as the operator's pages say them; anything else is no refusal and is thrown on.
 */
export function refused(error: unknown): Refusal {
  if (error instanceof ApiError) return { status: error.status, message: error.message.replace(/^Invalid request: /, '') };
  if (error instanceof PersonTooLargeError) return { status: 422, message: `Cannot explain: ${error.message}` };
  throw error;
}
