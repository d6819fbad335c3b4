/** The Kafka brokers of the test run, from KAFKA_BROKERS (comma-separated host:port list). */
export function kafkaBrokers(): string[] {
  const brokers = process.env.KAFKA_BROKERS;
  if (!brokers) {
    throw new Error('KAFKA_BROKERS is not set: start Kafka with `bash deploy/services/kafka.sh start` and eval `bash deploy/services/kafka.sh env`');
  }
  return brokers.split(',').map((broker) => broker.trim()).filter(Boolean);
}

/** The ClickHouse HTTP endpoint of the test run, from CLICKHOUSE_URL. */
export function clickhouseUrl(): string {
  const url = process.env.CLICKHOUSE_URL;
  if (!url) {
    throw new Error('CLICKHOUSE_URL is not set: start ClickHouse with `bash deploy/services/clickhouse.sh start` and eval `bash deploy/services/clickhouse.sh env`');
  }
  return url;
}
