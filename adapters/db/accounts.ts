import { randomUUID } from 'node:crypto';
import type { Account } from '../../schemas/admin/accounts.ts';
import { toPlan } from './plans.ts';
import type { AccountStore } from './port.ts';
import { isoTimestamp } from './rows.ts';
import type { SqlClient } from './sql-client.ts';

type AccountRow = {
  id: string;
  name: string;
  identity_sharing: boolean;
  billing_anchor: string;
  created_at: Date;
  plan_id: string;
  plan_name: string;
  plan_period: 'MONTH' | 'YEAR';
  plan_base_cost: number;
  plan_rate_limit: number;
  plan_person_quota: number | null;
  plan_company_quota: number | null;
  plan_audience_limit: number;
  plan_data_add_ons: Account['plan']['dataAddOns'];
  plan_created_at: Date;
};

const SELECT_ACCOUNT = `
  SELECT a.id, a.name, a.identity_sharing, to_char(a.billing_anchor, 'YYYY-MM-DD') AS billing_anchor, a.created_at,
         p.id AS plan_id, p.name AS plan_name, p.period AS plan_period, p.base_cost AS plan_base_cost,
         p.rate_limit AS plan_rate_limit, p.person_quota AS plan_person_quota,
         p.company_quota AS plan_company_quota, p.audience_limit AS plan_audience_limit, p.data_add_ons AS plan_data_add_ons, p.created_at AS plan_created_at
  FROM accounts a JOIN plans p ON p.id = a.plan_id`;

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    identitySharing: row.identity_sharing,
    billingAnchor: row.billing_anchor,
    createdAt: isoTimestamp(row.created_at),
    plan: toPlan({
      id: row.plan_id,
      name: row.plan_name,
      period: row.plan_period,
      base_cost: row.plan_base_cost,
      rate_limit: row.plan_rate_limit,
      person_quota: row.plan_person_quota,
      company_quota: row.plan_company_quota,
      audience_limit: row.plan_audience_limit,
      data_add_ons: row.plan_data_add_ons,
      created_at: row.plan_created_at,
    }),
  };
}

export function accountStore(db: SqlClient): AccountStore {
  const get = async (id: string) => {
    const [row] = await db.query<AccountRow>(`${SELECT_ACCOUNT} WHERE a.id = $1`, [id]);
    return row && toAccount(row);
  };
  return {
    async create(input) {
      const id = randomUUID();
      await db.query(
        'INSERT INTO accounts (id, name, plan_id, identity_sharing, billing_anchor) VALUES ($1, $2, $3, $4, $5)',
        [id, input.name, input.planId, input.identitySharing, input.billingAnchor],
      );
      return (await get(id))!;
    },
    get,
    async getMany(ids) {
      const rows = await db.query<AccountRow>(`${SELECT_ACCOUNT} WHERE a.id = ANY($1::uuid[])`, [ids]);
      const byId = new Map(rows.map((row) => [row.id, toAccount(row)]));
      return ids.map((id) => byId.get(id.toLowerCase()));
    },
    async list() {
      return (await db.query<AccountRow>(`${SELECT_ACCOUNT} ORDER BY a.created_at, a.id`)).map(toAccount);
    },
  };
}
