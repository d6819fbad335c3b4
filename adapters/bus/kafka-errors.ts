import { PermanentError, RetryableError } from '../errors.ts';

type KafkaJSLikeError = Error & { retriable?: boolean; type?: string; cause?: unknown };

/** The errors a kafkajs error wraps, outermost first (retries wrap the last attempt's error as `cause`). */
function causes(error: unknown): KafkaJSLikeError[] {
  const chain: KafkaJSLikeError[] = [];
  for (let current = error; current instanceof Error && chain.length < 10; current = (current as KafkaJSLikeError).cause) {
    chain.push(current as KafkaJSLikeError);
  }
  return chain;
}

/**
 * Sorts a kafkajs failure once, at the adapter edge: a broker that refused the request itself (a protocol
 * error Kafka marks as not retriable: too large, invalid, not authorised) is permanent; everything else
 * (unreachable broker, timeouts, leader changes, retries exhausted) is worth trying again.
 */
export function classifyKafkaError(error: unknown, message: string, context: Record<string, unknown> = {}): Error {
  const refused = causes(error).find((cause) => cause.name === 'KafkaJSProtocolError' && cause.retriable === false);
  if (refused) return new PermanentError(`${message}: ${refused.message}`, { cause: error, context: { ...context, kafkaError: refused.type } });
  return new RetryableError(`${message}: ${causes(error).at(-1)?.message ?? String(error)}`, { cause: error, context });
}
