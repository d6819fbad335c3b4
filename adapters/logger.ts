import { pino, type DestinationStream, type Logger } from 'pino';
import { CENSOR, censorSecrets, SECRET_KEYS } from './log-redaction.ts';

export type { Logger };

/**
 * pino, censoring anything that could carry a secret or PII (./log-redaction.ts). A logged object is censored by
 * `censorSecrets`, nested keys included; a child logger's bindings, which do not pass through it, by pino's own
 * redaction of the same keys at their top level. pino's redaction is not given the nested paths (`*.email`): with
 * a path that begins with a wildcard, pino 10 parses every path again for every property of every line, bindings
 * included, which was 15% of what the ingress allocated (bench/README.md).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'kith' },
      redact: { paths: [...SECRET_KEYS], censor: CENSOR },
      formatters: { log: censorSecrets },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
