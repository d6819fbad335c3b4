/** The Kafka brokers of the test run, from KAFKA_BROKERS (comma-separated host:port list). */
export function kafkaBrokers(): string[] {
  const brokers = process.env.KAFKA_BROKERS;
  if (!brokers) {
    throw new Error('KAFKA_BROKERS is not set: start Kafka with `bash deploy/services/kafka.sh start` and eval `bash deploy/services/kafka.sh env`');
  }
  return brokers.split(',').map((broker) => broker.trim()).filter(Boolean);
}
