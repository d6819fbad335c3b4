import { randomUUID } from 'node:crypto';
import { DEFAULT_AUDIENCE_LIMIT, type Plan } from '../../schemas/admin/plans.ts';
import { ALL_COMPANY_DATA_ADD_ONS } from '../../schemas/v3/company-data-add-ons.ts';
import type { PlanStore } from './port.ts';
import { isoTimestamp } from './rows.ts';
import type { SqlClient } from './sql-client.ts';

type PlanRow = {
  id: string;
  name: string;
  period: Plan['period'];
  base_cost: number;
  rate_limit: number;
  person_quota: number | null;
  company_quota: number | null;
  audience_limit: number;
  data_add_ons: Plan['dataAddOns'];
  created_at: Date;
};

export const PLAN_COLUMNS = 'id, name, period, base_cost, rate_limit, person_quota, company_quota, audience_limit, data_add_ons, created_at';

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    period: row.period,
    baseCost: row.base_cost,
    rateLimit: row.rate_limit,
    personQuota: row.person_quota,
    companyQuota: row.company_quota,
    audienceLimit: row.audience_limit,
    dataAddOns: row.data_add_ons,
    createdAt: isoTimestamp(row.created_at),
  };
}

export function planStore(db: SqlClient): PlanStore {
  return {
    async create(input) {
      const [row] = await db.query<PlanRow>(
        `INSERT INTO plans (id, name, period, base_cost, rate_limit, person_quota, company_quota, data_add_ons, audience_limit)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${PLAN_COLUMNS}`,
        [
          randomUUID(),
          input.name,
          input.period,
          input.baseCost,
          input.rateLimit,
          input.personQuota ?? null,
          input.companyQuota ?? null,
          [...new Set(input.dataAddOns ?? ALL_COMPANY_DATA_ADD_ONS)],
          input.audienceLimit ?? DEFAULT_AUDIENCE_LIMIT,
        ],
      );
      return toPlan(row!);
    },
    async list() {
      return (await db.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM plans ORDER BY created_at, name`)).map(toPlan);
    },
    async findByName(name) {
      const [row] = await db.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE name = $1`, [name]);
      return row && toPlan(row);
    },
  };
}
