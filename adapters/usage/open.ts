import type { SqlClient } from '../db/sql-client.ts';
import type { Logger } from '../logger.ts';
import type { UsageStore } from './port.ts';
import { sqlUsageStore } from './postgres.ts';

export type UsageStoreOptions = { clickhouseUrl: string | undefined; clickhouseDatabase: string; db: SqlClient; log: Logger };

/** ClickHouse when configured (its client is loaded only then), otherwise the SQL database Kith already has. */
export async function openUsageStore(options: UsageStoreOptions): Promise<UsageStore> {
  const store = options.clickhouseUrl
    ? (await import('./clickhouse.ts')).clickHouseUsageStore({
        url: options.clickhouseUrl,
        database: options.clickhouseDatabase,
        log: options.log,
      })
    : sqlUsageStore(options.db);
  await store.prepare();
  return store;
}
