import { logLevel, type LogEntry, type logCreator } from 'kafkajs';
import type { Logger } from '../logger.ts';

export type KafkaLogLevel = 'error' | 'warn' | 'info' | 'debug';

export const kafkaLogLevels: Record<KafkaLogLevel, logLevel> = {
  error: logLevel.ERROR,
  warn: logLevel.WARN,
  info: logLevel.INFO,
  debug: logLevel.DEBUG,
};

/**
 * Namespaces that log each failed attempt of a request or a connection; they also warn, on every producer,
 * that its retries are capped (on purpose: kafka-producer.ts replaces the producer after a failed send).
 * kafkajs retries these itself and the bus reports once what still fails (a publish failing, a consumer
 * crash), so at error level they would flood the log while a broker is away: they are debug details.
 */
const PER_ATTEMPT_NAMESPACES = new Set(['Connection', 'BrokerPool', 'Producer']);

/** The pino level of a kafkajs line. */
function levelOf({ namespace, level, log }: LogEntry): KafkaLogLevel {
  if (PER_ATTEMPT_NAMESPACES.has(namespace)) return 'debug';
  // A member joining or leaving its group is routine; kafkajs warns on each rebalance it takes part in.
  if (log.message.startsWith('The group is rebalancing')) return 'info';
  if (level === logLevel.ERROR) return 'error';
  if (level === logLevel.WARN) return 'warn';
  return level === logLevel.INFO ? 'info' : 'debug';
}

/**
 * Sends kafkajs's log lines to our pino logger, tagged with their kafkajs namespace. kafkajs logs errors,
 * retries and group changes, not message keys or values (it would only with its KAFKAJS_DEBUG_* variables).
 */
export function kafkaLogCreator(log: Logger): logCreator {
  const kafkaLog = log.child({ component: 'kafkajs' });
  return () => (entry) => {
    const { message, timestamp: _timestamp, logger: _logger, ...fields } = entry.log;
    kafkaLog[levelOf(entry)]({ namespace: entry.namespace, ...fields }, message);
  };
}
