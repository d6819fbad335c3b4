import type { RecordToMap } from '../db/port.ts';
import type { SqlClient } from '../db/sql-client.ts';
import { personOfAccountRecord, startPlacing } from './account-persons.ts';
import { writeRecord } from './write-record.ts';

/**
 * Maps records in one transaction, in their order, each placed in its person (docs/identity-graph.md, "Account
 * records") and written: a record sees those before it, so two that name the same new person start it once. The
 * locks of them all are taken first, in one order (startPlacing). Answers their persons' ids in the same order.
 */
export function mapRecords(db: SqlClient, mappings: readonly RecordToMap[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await startPlacing(tx, mappings.map(({ accountId, record }) => ({ accountId, recordId: record.recordId, keys: record.keys })));
    const personIds: string[] = [];
    for (const { accountId, record } of mappings) {
      const personId = await personOfAccountRecord(tx, accountId, record.recordId, record.matchedPersonId, record.keys);
      await writeRecord(tx, accountId, record, personId);
      personIds.push(personId);
    }
    return personIds;
  });
}
