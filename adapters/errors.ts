/**
 * Failures that cross module boundaries. Expected outcomes ("no match", "rate limited") are values, not
 * errors; these classes are for what went wrong. Both set `name` so checks survive a process boundary.
 */
type ErrorDetails = { cause?: unknown; context?: Record<string, unknown> };

/** A failure worth trying again: a timeout, a dropped connection, a broker that is not there yet. */
export class RetryableError extends Error {
  override name = 'RetryableError';
  readonly context: Record<string, unknown>;
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.context = details.context ?? {};
  }
}

/** A failure that will not go away by retrying: bad data, a violated constraint. */
export class PermanentError extends Error {
  override name = 'PermanentError';
  readonly context: Record<string, unknown>;
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.context = details.context ?? {};
  }
}

/** A unique constraint said no: the thing already exists. */
export class ConflictError extends PermanentError {
  override name = 'ConflictError';
}
