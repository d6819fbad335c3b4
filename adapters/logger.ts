import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * pino with redaction of anything that could carry a secret or PII. Request bodies are never logged;
 * these paths are the safety net for objects that reach the logger by mistake.
 */
const REDACTED_PATHS = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'apiKey',
  '*.apiKey',
  'key',
  '*.key',
  'token',
  '*.token',
  'adminToken',
  'email',
  '*.email',
  'emails',
  '*.emails',
  'phone',
  '*.phone',
  'phones',
  '*.phones',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'kith' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
