import { z } from 'zod';

/** The source of records imported without one: all records imported before sources existed are its. */
export const DEFAULT_SOURCE = 'default';

/**
 * The name of a source of person records (`kith import persons --source NAME`, `?source=` on the admin import):
 * 1 to 64 lower-case letters, digits, `.`, `_` or `-`, starting with a letter or digit.
 */
export const SourceName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'a source name is 1 to 64 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit');
