import type { Account } from '../../schemas/admin/accounts.ts';
import type { ApiKeyInfo } from '../../schemas/admin/keys.ts';
import type { Plan, CreatePlanRequest } from '../../schemas/admin/plans.ts';
import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryDetail, WebhookSecret } from '../../schemas/admin/webhooks.ts';
import type { Readable } from 'node:stream';
import type { ImportSummary } from '../persons/import.ts';
import type { MatchKeysRefresh } from '../persons/match-keys-refresh.ts';
import type { PersonHow, RecordRef, RecordsWhy } from '../../domain/identity-graph/explain.ts';
import type { PersonToReview } from '../persons/person-doubts.ts';
import type { DecisionAsked } from '../persons/record-decisions.ts';
import type { CsvImportSummary } from '../persons/import-csv.ts';
import type { ColumnMap } from '../../domain/persons/csv-columns.ts';
import type { ResolutionCounts } from '../../domain/identity-graph/resolve-batch.ts';
import type { PersonRecordDocument } from '../../domain/identity-graph/survivorship.ts';
import type { CompanyCandidate, CompanySearch, StoredCompany } from '../companies/lookup.ts';
import type { ConsentPurposeGiven, IdentifierKey, RecordEmail, Tag } from '../../schemas/events/payloads.ts';
import type { MatchModel } from '../../domain/matching/model.ts';
import type { LevelCounts } from '../../domain/matching/learn-m.ts';

/** How an import of persons reads its input: the source it is of, and CSV rather than NDJSON, with its column map. */
export type PersonImportOptions = { source?: string; format?: 'ndjson' | 'csv'; map?: ColumnMap };

/** A training's outcome: the version stored (none with too few persons), and the pairs at one home it counted. */
export type TrainingResult = { version: string | undefined; persons: number; homePairs?: MatchModel['homePairs'] };

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
  /** Each id's account, in the order asked (undefined where none), in one statement. */
  getMany(ids: readonly string[]): Promise<(Account | undefined)[]>;
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
  /** `handedOver`: the event an earlier answer to this request handed to the bus before failing (see release). */
  | { kind: 'claimed'; handedOver?: string }
  | { kind: 'in-flight' }
  | { kind: 'mismatch' }
  | { kind: 'completed'; answer: StoredAnswer };

/** What holds a key that a claim could not take: everything but `claimed`. */
export type HeldClaim = Exclude<IdempotencyClaim, { kind: 'claimed' }>;

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

export type FindInput = Omit<ClaimInput, 'now'>;

/** A key of an account, and when it was last claimed. */
export type ClaimedKey = { accountId: string; key: string; claimedAt: Date };

export interface IdempotencyStore {
  claim(input: ClaimInput): Promise<IdempotencyClaim>;
  /** What a claim would find holding the key, without claiming it or writing: undefined when a claim would take it. */
  find(input: FindInput): Promise<HeldClaim | undefined>;
  /** `find` of each input, in one statement, in their order. */
  findMany(inputs: FindInput[]): Promise<(HeldClaim | undefined)[]>;
  complete(accountId: string, key: string, answer: StoredAnswer): Promise<void>;
  /**
   * Gives up a claim whose answer is not kept (400, 5xx): the key is forgotten, unless it holds an event handed
   * to the bus (`handedOver`, or one kept before), which the next claim of the same request takes over at once.
   */
  release(accountId: string, key: string, handedOver?: string): Promise<void>;
  sweep(expiredBefore: Date): Promise<number>;
  /** The keys that begin with `prefix`, of every account, claimed at or after `since`. */
  claimedKeys(prefix: string, since: Date): Promise<ClaimedKey[]>;
}

export type NewDelivery = {
  id: string;
  accountId: string;
  requestId: string;
  operation: string;
  url: string;
  body: string;
  createdAt: Date;
};

/** A delivery claimed for one attempt; `attempt` counts this one. */
export type ClaimedDelivery = { id: string; accountId: string; url: string; body: string; attempt: number };

export type DeliveryAfterAttempt = { status: 'pending'; nextAttemptAt: Date } | { status: 'delivered' | 'failed' | 'gone' };

/** How a delivery stored for its first attempt at once is held: from `now`, for `leaseMs`. */
export type DeliveryClaim = { now: Date; leaseMs: number };

/** An attempt as it is logged, and what it leads its delivery to. */
export type FinishedAttempt = {
  deliveryId: string;
  attempt: Omit<WebhookAttempt, 'startedAt'> & { startedAt: Date };
  next: DeliveryAfterAttempt;
  now: Date;
};

export interface DeliveryStore {
  /** Stores a new delivery, due at once; false when it was stored before (a redelivered event). */
  enqueue(delivery: NewDelivery): Promise<boolean>;
  /** `enqueue` of each delivery, in one statement, answered in the order given. */
  enqueueMany(deliveries: readonly NewDelivery[]): Promise<boolean[]>;
  /**
   * Stores a new delivery already claimed for its first attempt, held for `leaseMs` as claimDue holds one, for
   * a caller with a slot free to attempt it at once; undefined when it was stored before (a redelivered event).
   */
  enqueueClaimed(delivery: NewDelivery, claim: DeliveryClaim): Promise<ClaimedDelivery | undefined>;
  /** `enqueueClaimed` of each, in one statement, answered in the order given: a delivery given twice is claimed for the first. */
  enqueueClaimedMany(claims: readonly { delivery: NewDelivery; claim: DeliveryClaim }[]): Promise<(ClaimedDelivery | undefined)[]>;
  /**
   * Claims up to `limit` due deliveries for one attempt each, for each account at most `perAccount` less
   * what it has `inFlight` already, holding them for `leaseMs` so that no other process attempts them
   * meanwhile (a process that dies lets its claims lapse).
   */
  claimDue(input: {
    now: Date;
    limit: number;
    perAccount: number;
    leaseMs: number;
    inFlight: ReadonlyMap<string, number>;
  }): Promise<ClaimedDelivery[]>;
  /**
   * The accounts with more than `over` deliveries due by `now` that wait for their first attempt: those the delivery
   * worker took off the bus while its slots, or the account's, were full (docs/decisions.md, "Backpressure").
   */
  accountsAwaitingFirstAttempt(now: Date, over: number): Promise<string[]>;
  /** Logs the attempt and moves the delivery on: due again later, or done one way or another. */
  finish(deliveryId: string, attempt: FinishedAttempt['attempt'], next: DeliveryAfterAttempt, now: Date): Promise<void>;
  /** `finish` of each attempt, in one statement. */
  finishMany(finished: readonly FinishedAttempt[]): Promise<void>;
  list(accountId: string, options: { status?: WebhookDelivery['status']; limit: number }): Promise<WebhookDelivery[]>;
  get(deliveryId: string): Promise<WebhookDeliveryDetail | undefined>;
  /** Makes one delivery due again now (its attempts so far stay in the log); false when unknown. */
  replay(deliveryId: string, now: Date): Promise<boolean>;
  /** Makes every failed delivery of the account created since `since` due again; how many. */
  replayFailedSince(accountId: string, since: Date, now: Date): Promise<number>;
  /** Forgets deliveries (and their attempts) created before `before`; how many. */
  sweep(before: Date): Promise<number>;
}

export interface WebhookSecretStore {
  /** The secrets that sign now: the current one (made on first use) and, during a rotation, the previous one. */
  signingSecrets(accountId: string, now: Date): Promise<string[]>;
  show(accountId: string, now: Date): Promise<WebhookSecret>;
  rotate(accountId: string, now: Date, overlapMs: number): Promise<WebhookSecret>;
}

/** A person: its id, the document built from its records (domain/identity-graph/survivorship.ts), its records. */
export type StoredPerson = {
  id: string;
  document: Record<string, unknown>;
  updated: string | null;
  records: PersonRecordDocument[];
  /** The account's own records of the person, when they were read with it (personsWithRecordsByKeys). */
  accountRecords?: IdentityRecord[];
};

/** The persons keys name (by `keyId`, as personsByKeys answers), and the records of those persons, by id. */
export type NamedPersons = { named: Map<string, string[]>; records: Map<string, StoredPerson> };

/** What personsByKeys is asked: the keys, at most `perKey` persons a key. */
export type KeysLookup = { keys: IdentifierKey[]; perKey: number };

/** What personsWithRecordsByKeys is asked: the keys, at most `perKey` persons a key, the account asking. */
export type PersonsLookup = KeysLookup & { accountId: string };

/** The service's person data (docs/person-records.md). */
/** One identifier key of a person and its history: dates YYYY-MM-DD, null when the import had none. */
export type IdentifierHistory = IdentifierKey & { firstSeen: string | null; lastSeen: string | null; observations: number };

export interface PersonStore {
  /** For each key that names anybody (by `keyId`), the persons it names: at most `perKey`, lowest ids first. */
  personsByKeys(keys: IdentifierKey[], perKey: number): Promise<Map<string, string[]>>;
  /** personsByKeys of each lookup, in one statement, in their order. */
  personsByKeysMany(lookups: KeysLookup[]): Promise<Map<string, string[]>[]>;
  /**
   * personsByKeys, the named persons' records and the account's own records of them (its record ids), in one
   * statement: a lookup by identifiers needs nothing else.
   */
  personsWithRecordsByKeys(keys: IdentifierKey[], perKey: number, accountId: string): Promise<NamedPersons>;
  /** personsWithRecordsByKeys of each lookup, in one statement, in their order. */
  personsWithRecordsByKeysMany(lookups: PersonsLookup[]): Promise<NamedPersons[]>;
  /** The persons of these ids; a merged-away id answers with the person it was merged into, under that one's id. */
  byIds(ids: string[]): Promise<StoredPerson[]>;
  /** byIds of each list of ids, in one statement, in their order. */
  byIdsMany(lists: string[][]): Promise<StoredPerson[][]>;
  /** Each id as it answers now, in order: a merged-away id as the id of the person it was merged into. */
  liveIds(ids: string[]): Promise<string[]>;
  /** Every identifier key of the person, with when the imports saw it (verify.signals, verify.activity). */
  identifierHistory(personId: string): Promise<IdentifierHistory[]>;
  /**
   * Imports person records of a source (`default` when not named), NDJSON or CSV with a header row read with `map`
   * (docs/person-records.md, "CSV"); an id imported again replaces that record. A CSV header the import cannot use
   * throws `CsvColumnsError` (domain/persons/csv-columns.ts) before anything is written.
   */
  import(input: Readable, options?: PersonImportOptions): Promise<ImportSummary | CsvImportSummary>;
  /**
   * Resolves the records queued for it into persons (docs/identity-graph.md) with this match model (by default the
   * newest), reporting the running counts.
   */
  resolveQueued(options?: { model?: MatchModel; progress?: (counts: ResolutionCounts) => void }): Promise<ResolutionCounts>;
  /**
   * Keys up to `batches` batches of stored persons by this release's blocking keys, while the database says they
   * carry an older version's (docs/matching.md, "Blocking keys of an older release"); `done` once all do.
   */
  refreshMatchKeys(options: { batches: number }): Promise<MatchKeysRefresh>;
  /** Trains a match model on the persons and makes it the one in use (docs/matching.md, "Training"). */
  trainMatchModel(options?: { progress?: (persons: number) => void }): Promise<TrainingResult>;
  /** How a person of Kith's data is built, weighed now (docs/identity-graph.md, "Why and how"); undefined: no such person. */
  explainPerson(personId: string): Promise<PersonHow | undefined>;
  /** Why two records of Kith's data are, or are not, one person; `missing` names the one no source holds. */
  explainRecords(refs: { a: RecordRef; b: RecordRef }): Promise<RecordsWhy | { missing: 'a' | 'b' }>;
  /**
   * Records what an operator decided of two records of Kith's data and queues both for resolution (docs/
   * identity-graph.md, "People decide"); `missing` names the one no source holds.
   */
  decideRecords(refs: { a: RecordRef; b: RecordRef }, decision: DecisionAsked): Promise<{ decision: DecisionAsked } | { missing: 'a' | 'b' }>;
  /**
   * The persons that hold by the thinnest threads, most doubtful first (docs/identity-graph.md, "Review"); with a
   * source, those holding a record of it.
   */
  personsToReview(options: { limit: number; source?: string }): Promise<PersonToReview[]>;
}

/** When the match model is trained: at the end of every import of persons, or only when asked. */
export type MatchTraining = 'after-import' | 'manual';

/** The trained match models: which is the newest, and one version's weights; and what lookups teach the next. */
export interface MatchModelStore {
  latestVersion(): Promise<string | undefined>;
  load(version: string): Promise<MatchModel | undefined>;
  /** Adds confirmed lookups' levels to those training learns m from (domain/matching/confirmed-lookups.ts). */
  addConfirmedLevels(counts: LevelCounts): Promise<void>;
}

export type IdentityRecord = { recordId: string; partnerId: string | null; personId: string | null };
/** A record as identity.map gives it; `matchedPersonId` is the Kith person its evidence names at HIGH, if any. */
export type MappedRecord = Omit<IdentityRecord, 'personId'> & {
  matchedPersonId: string | null;
  keys: IdentifierKey[];
  tags: Tag[];
  emails: RecordEmail[];
  maids: string[];
};
/** A record to map into an account's records. */
export type RecordToMap = { accountId: string; record: MappedRecord };

/** A customer's own records, their identifiers (as keys) and tags; every call is scoped to one account (each mapping to its own). */
export interface IdentityStore {
  /**
   * Creates the record or replaces its partner id and keys, adds the tags, and places it in a person (Kith's or
   * the account's own: docs/identity-graph.md, "Account records"), whose id it answers. Rejects with
   * ConflictError when the partner id is another record's.
   */
  map(accountId: string, record: MappedRecord): Promise<string>;
  /**
   * Maps the records as `map` does, one after another in one transaction, and answers their persons' ids in their
   * order; when any of them fails, none is written.
   */
  mapMany(mappings: RecordToMap[]): Promise<string[]>;
  get(accountId: string, recordId: string): Promise<IdentityRecord | undefined>;
  byPartnerId(accountId: string, partnerId: string): Promise<IdentityRecord | undefined>;
  /** Records holding any of these keys among their own identifiers. */
  byKeys(accountId: string, keys: IdentifierKey[]): Promise<IdentityRecord[]>;
  /** Records linked to any of these persons. */
  byPersons(accountId: string, personIds: string[]): Promise<IdentityRecord[]>;
  /** Removes the record with its keys and tags; false when there was none. */
  delete(accountId: string, recordId: string): Promise<boolean>;
  /** The tags of each record, in key then value order. */
  tags(accountId: string, recordIds: string[]): Promise<Map<string, Tag[]>>;
  /** Adds tags (a pair already there stays as it was); false when there is no such record. */
  addTags(accountId: string, recordId: string, tags: Tag[]): Promise<boolean>;
  /** Removes these tags, or every tag; false when there is no such record. */
  removeTags(accountId: string, recordId: string, tags: Tag[] | 'all'): Promise<boolean>;
}

/** The service's company data (docs/company-records.md). */
export interface CompanyStore {
  /** The company a domain names, in any writing; undefined when none. */
  byDomain(domain: string): Promise<StoredCompany | undefined>;
  search(search: CompanySearch): Promise<CompanyCandidate[]>;
  /** Imports NDJSON company records (a domain imported again replaces that company). */
  import(input: Readable): Promise<ImportSummary>;
}

export type NewConsentEvent = {
  permissionId: string;
  type: 'create' | 'delete';
  purposes: ConsentPurposeGiven[];
  details: Record<string, unknown>;
  /** The caller's time of consent (epoch ms), when given. */
  timestamp: number | null;
};
export type ConsentEvent = NewConsentEvent & { created: number };

/** Consent events of an account's subjects, found by identifier keys; events are only ever appended. */
export interface ConsentStore {
  /**
   * Appends the event to the subject the keys name: a new subject when they name none; the oldest of several,
   * into which the others are merged when they name more than one (a merge appended, which lookups follow: the
   * merged subjects' keys and events are left as they are). The keys not known yet are linked to the subject. An event whose permissionId the account has already is not appended
   * again (nor anything else changed): recording is idempotent per event.
   */
  record(accountId: string, keys: IdentifierKey[], event: NewConsentEvent): Promise<void>;
  /** Whether the keys name any subject of the account. */
  knows(accountId: string, keys: IdentifierKey[]): Promise<boolean>;
  /** Every event of the subjects the keys name, newest first; empty when they name nobody. */
  events(accountId: string, keys: IdentifierKey[]): Promise<ConsentEvent[]>;
}

export type Audience = {
  id: string;
  accountId: string;
  tags: Tag[];
  status: 'building' | 'ready' | 'expired';
  members: number | null;
  bytes: number | null;
  createdAt: string;
  expiresAt: string | null;
};
/**
 * A record as an audience file lists it; its emails (RecordEmail[]) and MAIDs (string[]) come as the JSON text
 * the database holds, written into the file as they are.
 */
export type AudienceMember = { recordId: string; partnerId: string | null; personId: string | null; emailsJson: string; maidsJson: string };
export type SharedRecord = { accountId: string; personId: string; emailsJson: string; maidsJson: string };

/** audience.create requests and what their files are built from; every call but the sweep's names the account. */
/** What audience.create's record came to: made, or refused at the plan's limit of audiences held. */
export type AudienceCreation = { created: true } | { created: false; limit: number };

export interface AudienceStore {
  /** Records a building audience unless the account holds its plan's limit already (building or ready). */
  create(accountId: string, id: string, tags: Tag[]): Promise<AudienceCreation>;
  get(accountId: string, id: string): Promise<Audience | undefined>;
  /**
   * The account's records holding any of the tags, tagged before `taggedBefore`, in recordId order after
   * `after` (null: from the start): one page of an audience.
   */
  members(accountId: string, tags: Tag[], taggedBefore: Date, after: string | null, limit: number): Promise<AudienceMember[]>;
  /** How many persons the account's records holding any of the tags (tagged before `taggedBefore`) are of. */
  personCount(accountId: string, tags: Tag[], taggedBefore: Date): Promise<number>;
  /** The records of other identity-sharing accounts linked to these persons. */
  sharedRecords(accountId: string, personIds: string[]): Promise<SharedRecord[]>;
  ready(id: string, members: number, bytes: number, expiresAt: Date): Promise<void>;
  /** Marks ready audiences whose time is over as expired; returns them (their files are to be deleted). */
  expire(now: Date): Promise<Array<{ id: string; accountId: string }>>;
}

/** A subscription to one person, or (personId null) to every person of the account's own records. */
export type PersonSubscription = { id: string; accountId: string; personId: string | null; webhookUrl: string; createdAt: string };

/** A change of a subscribed person, with every subscription to it, as the notifier claims it. */
export type SubscribedChange = { changeId: string; personId: string; changedAt: string; subscriptions: PersonSubscription[] };

/** person.subscribe and the changes the import records for subscribed persons. */
export interface SubscriptionStore {
  /** Adds the subscription unless the account has `limit` already; false then. */
  create(subscription: Omit<PersonSubscription, 'createdAt'>, limit: number): Promise<boolean>;
  /** Removes the account's subscription; false when there is none. */
  remove(accountId: string, id: string): Promise<boolean>;
  /** The account's subscriptions, oldest first, after the one with id `after`. */
  list(accountId: string, after: string | null, limit: number): Promise<PersonSubscription[]>;
  /**
   * Claims up to `limit` recorded changes for a minute (others skip them meanwhile), runs `notify` on them, and
   * deletes them when it resolves; when it throws, or the process dies, they are claimed again later.
   */
  claimChanges(limit: number, notify: (changes: SubscribedChange[]) => Promise<void>): Promise<number>;
  /** The same for the identity graph's merges, splits and moves (docs/identity-graph.md, "Change feed"). */
  claimGraphChanges(limit: number, notify: (changes: ClaimedGraphChange[]) => Promise<void>): Promise<number>;
}

/**
 * A merge, split or move of the identity graph as the notifier claims it: Kith's person ids before and after, the
 * records that went (as their sources name them), and every subscription to a person it touched.
 */
export type ClaimedGraphChange = {
  changeId: string;
  kind: 'merged' | 'split' | 'moved';
  before: string[];
  after: string[];
  records: Array<{ source: string; id: string }>;
  changedAt: string;
  subscriptions: PersonSubscription[];
};

/**
 * Whom a console login link or session is for: an account's user (the account's keys, usage and webhooks), or the
 * operator (Kith's own data: the identity graph). Neither reaches the other's pages.
 */
export type ConsoleHolder = { kind: 'account'; accountId: string } | { kind: 'operator' };

export type ConsoleSession = { holder: ConsoleHolder; csrfToken: string; expiresAt: Date };

/** The web console's one-time login tokens and sessions, kept by the SHA-256 of their secret only. */
export interface ConsoleSessionStore {
  createLoginToken(input: { tokenHash: string; holder: ConsoleHolder; expiresAt: Date }): Promise<void>;
  /** Spends an unused, unexpired login token: whom it signs in, or undefined (unknown, used or expired). */
  redeemLoginToken(tokenHash: string, now: Date): Promise<ConsoleHolder | undefined>;
  createSession(input: { tokenHash: string; holder: ConsoleHolder; csrfToken: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /** The session, unless it is unknown or expired. */
  findSession(tokenHash: string, now: Date): Promise<ConsoleSession | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Forgets expired login tokens and sessions; how many. */
  sweep(now: Date): Promise<number>;
}

/** Every store, as the composition root builds them over one database. */
export type Stores = {
  plans: PlanStore;
  accounts: AccountStore;
  apiKeys: ApiKeyStore;
  idempotency: IdempotencyStore;
  deliveries: DeliveryStore;
  webhookSecrets: WebhookSecretStore;
  persons: PersonStore;
  matchModels: MatchModelStore;
  companies: CompanyStore;
  identity: IdentityStore;
  consent: ConsentStore;
  audiences: AudienceStore;
  subscriptions: SubscriptionStore;
  consoleSessions: ConsoleSessionStore;
};
