import { coalescedAccountReads } from '../adapters/db/coalesced-accounts.ts';
import { coalescedDeliveryWrites } from '../adapters/db/coalesced-deliveries.ts';
import { coalescedMaps } from '../adapters/identity/coalesced.ts';
import { coalescedPersonLookups } from '../adapters/persons/coalesced.ts';
import { coalescedTotals } from '../adapters/usage/coalesced.ts';
import { OPERATION_PAYLOADS } from '../schemas/events/operation-payloads.ts';
import type { BlobStore } from '../adapters/blobs/port.ts';
import type { Bus, Consumer } from '../adapters/bus/port.ts';
import type { Clock } from '../adapters/clock.ts';
import type { ServerConfig } from '../adapters/config.ts';
import type { Stores } from '../adapters/db/port.ts';
import type { PersonIdCodec } from '../adapters/identity/person-ids.ts';
import type { Logger } from '../adapters/logger.ts';
import { meteredDeliveries } from '../adapters/db/metered-deliveries.ts';
import type { Metrics } from '../adapters/metrics/port.ts';
import { meteredUsageStore } from '../adapters/usage/metered.ts';
import type { ReplySender } from '../adapters/replies/port.ts';
import type { UsageStore } from '../adapters/usage/port.ts';
import type { TopicNames, WorkerName } from '../schemas/events/topics.ts';
import { startDeliveryWorker } from '../workers/delivery/delivery-worker.ts';
import { batchHandler } from '../workers/batch/batch-handler.ts';
import { subscriptionHandlers } from '../workers/subscriptions/handlers.ts';
import { startGraphChangeNotifier } from '../workers/subscriptions/graph-change-notifier.ts';
import { startSubscriptionNotifier } from '../workers/subscriptions/notifier.ts';
import { verifyActivityHandler } from '../workers/verify/activity.ts';
import { verifyMatchHandler } from '../workers/verify/match.ts';
import { verifySignalsHandler } from '../workers/verify/signals.ts';
import { personEnrichHandler } from '../workers/enrichment/person-enrich.ts';
import { modelInUse } from '../workers/shared/model-in-use.ts';
import { companyEnrichHandler } from '../workers/enrichment/company-enrich.ts';
import { companySearchHandler } from '../workers/enrichment/company-search.ts';
import { emailVerificationHandler } from '../workers/enrichment/email-verification.ts';
import { disposableDomains } from '../adapters/email/disposable.ts';
import { mxLookup } from '../adapters/email/mx.ts';
import { audienceCreateHandler } from '../workers/audience/build.ts';
import { startAudienceSweep } from '../workers/audience/sweep.ts';
import { consentHandlers } from '../workers/consent/handlers.ts';
import { identityHandlers } from '../workers/identity/handlers.ts';
import { startRecordResolver } from '../workers/identity/resolver.ts';
import { startWorker } from '../workers/runtime/worker.ts';
import { statsGetHandler } from '../workers/usage/stats-get.ts';
import type { WebhookSettings } from './webhook-settings.ts';
import { startUsageWriter } from '../workers/usage/usage-writer.ts';
import { CONFIRMED_FLUSH_MS, startConfirmedLookups } from '../workers/shared/confirmed-lookups.ts';

export type WorkerParts = {
  config: ServerConfig;
  webhooks: WebhookSettings;
  log: Logger;
  clock: Clock;
  stores: Stores;
  usageStore: UsageStore;
  bus: Bus;
  topics: TopicNames;
  replies: ReplySender;
  blobs: BlobStore;
  personIds: PersonIdCodec;
  /** The opaque name of an account in other accounts' audience files. */
  partnerLabel: (accountId: string) => string;
  /** The base of download addresses. */
  publicUrl: () => string;
  metrics: Pick<Metrics, 'deliveries' | 'usage'>;
};

/** How often the import's changes of subscribed persons are looked for (docs/decisions.md, "Person subscriptions"). */
const SUBSCRIPTION_POLL_MS = 1_000;

/** How often records queued for resolution are looked for (docs/identity-graph.md). */
const RESOLVER_POLL_MS = 1_000;

/** How often the resolver's merges, splits and moves are looked for (docs/identity-graph.md, "Change feed"). */
const GRAPH_CHANGE_POLL_MS = 250;

/** The requests of one batch (person.bulkEnrich…) worked at once: most of a process's database connections. */
const BATCH_ITEMS_AT_ONCE = 8;

/**
 * A worker role: its request handlers (by operation: the one place that knows which code serves which
 * operation) and any other consumer it runs. `concurrency` is how many requests of one partition are worked
 * at once: reads need no order among themselves, so one busy account does not queue behind itself.
 */
export async function startWorkerRole(name: WorkerName, parts: WorkerParts): Promise<Consumer[]> {
  const { config, log, clock, stores, bus, topics, replies } = parts;
  const common = { name, topics, bus, replies, log, clock, payloads: OPERATION_PAYLOADS };
  const matching = {
    persons: coalescedPersonLookups(stores.persons),
    identity: stores.identity,
    personIds: parts.personIds,
    model: modelInUse(stores.matchModels, clock),
  };
  const accounts = coalescedAccountReads(stores.accounts);
  switch (name) {
    case 'usage':
      return Promise.all([
        startWorker({
          ...common,
          concurrency: 16,
          handlers: { 'stats.get': statsGetHandler({ accounts, usage: coalescedTotals(parts.usageStore), clock }) },
        }),
        startUsageWriter({
          bus,
          store: meteredUsageStore(parts.usageStore, parts.metrics.usage),
          topics,
          log,
          maxBatch: config.usageBatchRows,
          maxWaitMs: config.usageBatchMs,
        }),
      ]);
    case 'enrichment': {
      const confirmed = startConfirmedLookups({ store: stores.matchModels, log, everyMs: CONFIRMED_FLUSH_MS });
      const enriching = { ...matching, noteAnswer: confirmed.note };
      const personEnrich = personEnrichHandler(enriching);
      const companyEnrich = companyEnrichHandler({ companies: stores.companies, accounts });
      return [
        await startWorker({
          ...common,
          concurrency: 16,
          handlers: {
            'person.enrich': personEnrich,
            'person.bulkEnrich': batchHandler({ operation: 'person.enrich', handler: personEnrich }, { concurrency: BATCH_ITEMS_AT_ONCE }),
            'company.enrich': companyEnrich,
            'company.bulkEnrich': batchHandler({ operation: 'company.enrich', handler: companyEnrich }, { concurrency: BATCH_ITEMS_AT_ONCE }),
            'company.search': companySearchHandler(stores.companies),
            ...subscriptionHandlers(enriching, stores.subscriptions),
            'verify.match': verifyMatchHandler(enriching),
            'verify.signals': verifySignalsHandler(enriching),
            'verify.activity': verifyActivityHandler(enriching, clock),
            'email.verification': emailVerificationHandler({
              persons: stores.persons,
              companies: stores.companies,
              receivesMail: mxLookup(config.dns),
              isDisposable: disposableDomains(),
            }),
          },
        }),
        startSubscriptionNotifier({ store: stores.subscriptions, matching, bus, topics, clock, log, everyMs: SUBSCRIPTION_POLL_MS }),
        confirmed,
      ];
    }
    case 'identity':
      // Requests of a partition at once; one record's changes in order (their order key, schemas/v3). The maps in
      // hand share a transaction (docs/decisions.md).
      return [
        await startWorker({ ...common, concurrency: 16, handlers: identityHandlers({ ...matching, identity: coalescedMaps(stores.identity) }) }),
        startRecordResolver({ persons: stores.persons, model: matching.model, log, everyMs: RESOLVER_POLL_MS }),
        startGraphChangeNotifier({ store: stores.subscriptions, personIds: matching.personIds, bus, topics, clock, log, everyMs: GRAPH_CHANGE_POLL_MS }),
      ];
    case 'consent':
      // Requests of a partition at once; an account's consent changes in order (their order key), so that an
      // event that merges two subjects sees every event before it.
      return [await startWorker({ ...common, concurrency: 16, handlers: consentHandlers(stores.consent, clock) })];
    case 'audience':
      return [
        await startWorker({
          ...common,
          concurrency: 2,
          handlers: {
            'audience.create': audienceCreateHandler({
              store: stores.audiences,
              blobs: parts.blobs,
              accounts: stores.accounts,
              clock,
              encodePersonId: (accountId, personId) => parts.personIds.encode(accountId, personId),
              partnerLabel: parts.partnerLabel,
              tagMinAgeMs: config.tagMinAgeHours * 3_600_000,
              publicUrl: parts.publicUrl,
            }),
          },
        }),
        startAudienceSweep({ store: stores.audiences, blobs: parts.blobs, clock, log, everyMs: 3_600_000 }),
      ];
    case 'delivery':
      return [
        await startDeliveryWorker({
          bus,
          topics,
          store: meteredDeliveries(coalescedDeliveryWrites(stores.deliveries), parts.metrics.deliveries),
          clock,
          log,
          concurrency: config.webhooks.concurrency,
          perAccount: config.webhooks.perAccount,
          keepMs: config.webhooks.logDays * 86_400_000,
          attempt: {
            secrets: stores.webhookSecrets,
            clock,
            random: Math.random,
            policy: parts.webhooks.policy,
            timeoutMs: config.webhooks.timeoutMs,
            maxResponseBytes: 64 * 1024,
            scheduleSeconds: parts.webhooks.scheduleSeconds,
          },
        }),
      ];
  }
}
