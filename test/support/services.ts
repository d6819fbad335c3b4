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

/** Drops a ClickHouse database a test made for itself. */
export async function dropClickHouseDatabase(name: string): Promise<void> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  const response = await fetch(`${clickhouseUrl()}/?query=${encodeURIComponent(`DROP DATABASE IF EXISTS ${name}`)}`, { method: 'POST' });
  if (!response.ok) throw new Error(`DROP DATABASE ${name}: ${response.status} ${await response.text()}`);
}
