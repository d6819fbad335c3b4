import type { Bus, Consumer } from '../../adapters/bus/port.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { ClaimedDelivery, DeliveryStore, NewDelivery } from '../../adapters/db/port.ts';
import type { Logger } from '../../adapters/logger.ts';
import { decodeEvent } from '../../schemas/events/decode.ts';
import { DeliveryRequested } from '../../schemas/events/delivery-requested.ts';
import type { TopicNames } from '../../schemas/events/topics.ts';
import { attemptDelivery, type AttemptContext } from './handler.ts';

export type DeliveryWorkerOptions = {
  bus: Bus;
  topics: TopicNames;
  store: DeliveryStore;
  attempt: AttemptContext;
  clock: Clock;
  log: Logger;
  /** Attempts under way at once in this process... */
  concurrency: number;
  /**
   * ...and an account's share of them: a receiver that stalls holds only its own account's slots. An account holds
   * more only while as many stay free for the other accounts (an idle worker is not held to one account's share).
   */
  perAccount: number;
  /** How often due deliveries are looked for when nothing wakes the loop (default 500 ms). */
  pollMs?: number;
  /** Deliveries (with their bodies and attempts) are forgotten this long after they were made. */
  keepMs: number;
  /**
   * How long a claimed delivery is held for its attempt; a process that dies mid-attempt lets it lapse and
   * another attempts it again (default: twice the attempt timeout plus 10 s, well past any attempt).
   */
  leaseMs?: number;
};

const SWEEP_INTERVAL_MS = 3_600_000;

/**
 * The delivery worker: takes delivery events off the bus into the delivery table (the event is committed
 * once the row is stored), and runs a loop that claims due deliveries and attempts them, with bounded
 * concurrency overall and an account's share of it (more while slots stay idle). A new delivery that finds a
 * slot free is stored already claimed and attempted at once, ahead of older ones still due (the loop takes those
 * as slots free up). Retries are rows due later, never sleeps.
 */
export async function startDeliveryWorker(options: DeliveryWorkerOptions): Promise<Consumer> {
  const log = options.log.child({ worker: 'delivery' });
  const leaseMs = options.leaseMs ?? options.attempt.timeoutMs * 2 + 10_000;
  /** Slots held: by account, and in all. */
  const inFlight = new Map<string, number>();
  let busy = 0;
  const running = new Set<Promise<void>>();
  let claiming = false;
  let stopping = false;
  /**
   * Whether deliveries may be due that this process knows of: one it stored to wait, or one a claim may have left
   * (it took as many as it asked for, or all an account had room for). A slot that frees up claims only then:
   * the poll finds the rest (retries come due, other processes' deliveries).
   */
  let mayBeDue = true;
  /** Set by a wake that comes while the loop claims, so that it claims again rather than wait for the poll. */
  let woken = false;
  let wakeWaiting: (() => void) | undefined;
  const wake = () => {
    woken = true;
    wakeWaiting?.();
  };

  /** Slots an account past its share may still take: the idle ones, all but `perAccount` kept for other accounts. */
  const borrowable = () => options.concurrency - options.perAccount - busy;
  const hasFreeSlot = (accountId: string) =>
    busy < options.concurrency && ((inFlight.get(accountId) ?? 0) < options.perAccount || borrowable() > 0);

  /** Holds one of the process's slots and one of the account's until the returned function is called. */
  function holdSlot(accountId: string): () => void {
    inFlight.set(accountId, (inFlight.get(accountId) ?? 0) + 1);
    busy += 1;
    return () => {
      busy -= 1;
      const left = (inFlight.get(accountId) ?? 1) - 1;
      if (left > 0) inFlight.set(accountId, left);
      else inFlight.delete(accountId);
      if (mayBeDue) wake();
    };
  }

  /**
   * Attempts a claimed delivery in the background, lets its slot go once the receiver has answered, then logs the
   * attempt: the slot bounds the requests a receiver gets at once, and the delivery stays held by its claim until
   * the log moves it on, so another slot cannot take it meanwhile.
   */
  function startAttempt(delivery: ClaimedDelivery, releaseSlot: () => void) {
    const attempted = (async () => {
      try {
        const { attempt, next } = await attemptDelivery(delivery, options.attempt).finally(releaseSlot);
        await options.store.finish(delivery.id, attempt, next, options.clock.now());
        log.info({ deliveryId: delivery.id, accountId: delivery.accountId, attempt: attempt.attempt, outcome: attempt.outcome, status: attempt.statusCode }, 'webhook attempt');
      } catch (error) {
        // The claim lapses and the delivery is attempted again, with the same webhook-id.
        log.error({ err: error, deliveryId: delivery.id }, 'webhook attempt could not be recorded');
      }
    })();
    running.add(attempted);
    void attempted.finally(() => running.delete(attempted));
  }

  /** Claims up to `limit` due deliveries, for each account `perAccount` less what `held` says it holds, and starts them. */
  async function claimAndStartUpTo(held: Map<string, number>, limit: number, perAccount: number): Promise<number> {
    const claimed = await options.store.claimDue({ now: options.clock.now(), limit, perAccount, leaseMs, inFlight: held });
    for (const delivery of claimed) {
      startAttempt(delivery, holdSlot(delivery.accountId));
      held.set(delivery.accountId, (held.get(delivery.accountId) ?? 0) + 1);
    }
    return claimed.length;
  }

  /**
   * Each account's share first; then, while slots stay idle, more for the accounts that took their whole share
   * (one claim more, made only then).
   */
  async function claimAndStart(): Promise<number> {
    claiming = true;
    try {
      const limit = options.concurrency - busy;
      // The slots as the claims count them: those freed while one runs do not change what it could take.
      const held = new Map(inFlight);
      const tookShare = () => [...held.values()].some((slots) => slots >= options.perAccount);
      let started = await claimAndStartUpTo(held, limit, options.perAccount);
      const idle = borrowable();
      if (idle > 0 && tookShare()) started += await claimAndStartUpTo(held, idle, options.perAccount + idle);
      mayBeDue = started >= limit || tookShare();
      return started;
    } finally {
      claiming = false;
    }
  }

  /**
   * A new delivery, stored before its event is committed. With a slot free (and no claim under way, which
   * counts on the slots as they were) it is stored claimed and attempted at once, sparing the claim query;
   * otherwise it waits, due, for the loop. The loop is woken for it only if its account has a slot free once it
   * is stored: else the slot that frees wakes the loop, and a claim for each delivery that came meanwhile would
   * find nothing it may take (with a steady intake and the slots taken, one claim a delivery, back to back).
   */
  async function receive(delivery: NewDelivery) {
    if (stopping || claiming || !hasFreeSlot(delivery.accountId)) {
      await options.store.enqueue(delivery);
      mayBeDue = true;
      if (hasFreeSlot(delivery.accountId)) wake();
      return;
    }
    const releaseSlot = holdSlot(delivery.accountId);
    let claimed: ClaimedDelivery | undefined;
    try {
      claimed = await options.store.enqueueClaimed(delivery, { now: options.clock.now(), leaseMs });
    } finally {
      if (!claimed) releaseSlot();
    }
    if (claimed) startAttempt(claimed, releaseSlot);
  }

  async function loop() {
    while (!stopping) {
      woken = false;
      let started = 0;
      try {
        started = await claimAndStart();
      } catch (error) {
        log.error({ err: error }, 'due deliveries could not be claimed; trying again');
      }
      if (woken || (started > 0 && busy < options.concurrency && mayBeDue)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => resolve(), options.pollMs ?? 500);
        wakeWaiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeWaiting = undefined;
    }
  }

  const sweep = setInterval(() => {
    options.store
      .sweep(new Date(options.clock.now().getTime() - options.keepMs))
      .catch((error: unknown) => log.warn({ err: error }, 'delivery log sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  // The loop first: deliveries already stored are attempted even while the intake is still joining its group.
  const looping = loop();
  const stopLoop = async () => {
    clearInterval(sweep);
    stopping = true;
    wake();
    await looping;
    await Promise.all(running);
  };
  const intake = await options.bus
    .consume({
      groupId: options.topics.deliveryGroup,
      topics: [options.topics.deliveries],
      fromBeginning: true,
      concurrency: 16,
      async handle(message) {
        const event = decodeEvent(DeliveryRequested, message.value);
        if (!event) {
          log.warn({ partition: message.partition, offset: message.offset }, 'malformed delivery event skipped');
          return;
        }
        await receive({ ...event, id: event.deliveryId, createdAt: new Date(event.createdAt) });
      },
    })
    .catch(async (error: unknown) => {
      await stopLoop();
      throw error;
    });
  return {
    async stop() {
      await intake.stop();
      await stopLoop();
    },
  };
}
