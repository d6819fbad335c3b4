import type { Account } from '../../schemas/admin/accounts.ts';
import type { ApiKeyInfo } from '../../schemas/admin/keys.ts';
import type { Plan, CreatePlanRequest } from '../../schemas/admin/plans.ts';

/** The stores the ingress and workers use; implemented once over SqlClient for pg and PGlite. */
export interface PlanStore {
  create(input: CreatePlanRequest): Promise<Plan>;
  list(): Promise<Plan[]>;
  findByName(name: string): Promise<Plan | undefined>;
}

export type NewAccount = { name: string; planId: string; identitySharing: boolean; billingAnchor: string };

export interface AccountStore {
  create(input: NewAccount): Promise<Account>;
  get(id: string): Promise<Account | undefined>;
  list(): Promise<Account[]>;
}

export type NewApiKey = { id: string; accountId: string; secretHash: string; displayPrefix: string };
/** Who a key belongs to, with what the request edge needs of the account's plan. */
export type KeyOwner = { keyId: string; accountId: string; rateLimit: number };

export interface ApiKeyStore {
  create(input: NewApiKey): Promise<ApiKeyInfo>;
  listForAccount(accountId: string): Promise<ApiKeyInfo[]>;
  revoke(keyId: string, at: Date): Promise<ApiKeyInfo | undefined>;
  /** The owner of an active (not revoked) key with this secret hash. */
  findActive(secretHash: string): Promise<KeyOwner | undefined>;
  touch(keyId: string, at: Date): Promise<void>;
}

export type StoredAnswer = { status: number; body: string };
export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'in-flight' }
  | { kind: 'mismatch' }
  | { kind: 'completed'; answer: StoredAnswer };

export type ClaimInput = {
  accountId: string;
  key: string;
  requestHash: string;
  now: Date;
  /** Answers claimed before this are forgotten. */
  expiredBefore: Date;
  /** An unfinished claim older than this is taken to be abandoned (its process died). */
  abandonedBefore: Date;
};

export interface IdempotencyStore {
  claim(input: ClaimInput): Promise<IdempotencyClaim>;
  complete(accountId: string, key: string, answer: StoredAnswer): Promise<void>;
  release(accountId: string, key: string): Promise<void>;
  sweep(expiredBefore: Date): Promise<number>;
}
