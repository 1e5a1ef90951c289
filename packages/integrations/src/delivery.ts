/**
 * Delivery from the committed event log (the log is the outbox): each integration's events after its last
 * handled id, in order, each sent until the receiver takes it (2xx) or the retry time is over (then recorded
 * as failed), the state written after each. A process delivers an integration only while it holds its lease
 * (lease.ts), so processes sharing a database deliver each event from one of them; a crash leaves the event
 * pending and the lease runs out: the next process sends it again (at least once; the idempotency key tells
 * repeats).
 */
import { randomUUID } from 'node:crypto';
import { silentLogger, type IntegrationSecrets, type Logger, type Storage } from '@flagadmin/core';
import { sendUntilTaken, Stopped, type Result, type RetryOptions } from './attempts';
import { leaseOn, type Claim } from './lease';
import { wants } from './request';
import type { Addon, DeliveredEvent, LeasedState } from './types';

export interface IntegrationsOptions {
  storage: Storage;
  /**
   * What opens the integrations' sealed secrets just before sending: the instance's (`admin.context.secrets`,
   * from core's `secretsKey`). An integration whose secrets do not open (another key, no key) has its events
   * recorded as failed, saying why; nothing is sent to it.
   */
  secrets: IntegrationSecrets;
  logger?: Logger;
  retry?: RetryOptions;
  /** How long one attempt may take (ms). Default 10,000. */
  attemptTimeoutMs?: number;
  /**
   * How long a process's lease on an integration lasts unless renewed (ms); it is renewed every third of it
   * while the process delivers. Another process takes over a dead one's integrations after at most this.
   * Default 30,000.
   */
  leaseMs?: number;
  /**
   * How often the log is read again besides the storage's commit notifications (ms), which is also how soon a
   * lease that ran out is seen. Default 5,000, or the lease when shorter.
   */
  pollIntervalMs?: number;
  /**
   * The storage is this process's alone (lowdb locks its directory): a lease of another process can only be
   * one a crash left, and is taken over at once instead of when it runs out. Default false.
   */
  soleProcess?: boolean;
  /**
   * How long commits are gathered before the log is read for them (ms): one read per window, however many
   * writes commit in it, so a busy instance's writes do not each pay for a read. Default 20.
   */
  gatherMs?: number;
  /** This process's name in the lease. Default: a random id. */
  processId?: string;
  fetch?: typeof fetch;
}

export interface Integrations {
  /** Stops delivering: attempts under way are aborted (their events stay pending) and the leases given back. */
  close(): Promise<void>;
}

const stateName = (addonId: number): string => `integration-delivery:${addonId}`;
/** How many events an integration is not sent may pass before its state is moved past them. */
const UNSENT_LAG = 100;
/** The most events one read of the log asks for: a long backlog is read a page at a time. */
export const EVENT_PAGE = 500;

/** The defaults of the options, for hosts that show them (a `--help`). */
export const DELIVERY_DEFAULTS = {
  leaseMs: 30_000,
  attemptTimeoutMs: 10_000,
  pollIntervalMs: 5_000,
  gatherMs: 20,
  retry: { firstDelayMs: 500, maxDelayMs: 30_000, giveUpAfterMs: 600_000 },
} as const;

export function startIntegrations(options: IntegrationsOptions): Integrations {
  const { storage } = options;
  const logger = options.logger ?? silentLogger;
  const leaseMs = options.leaseMs ?? DELIVERY_DEFAULTS.leaseMs;
  const me = options.processId ?? randomUUID();
  const soleProcess = options.soleProcess ?? false;
  const lease = leaseOn(storage, me, leaseMs, soleProcess);
  const attemptOptions = {
    retry: {
      firstDelayMs: options.retry?.firstDelayMs ?? DELIVERY_DEFAULTS.retry.firstDelayMs,
      maxDelayMs: options.retry?.maxDelayMs ?? DELIVERY_DEFAULTS.retry.maxDelayMs,
      giveUpAfterMs: options.retry?.giveUpAfterMs ?? DELIVERY_DEFAULTS.retry.giveUpAfterMs,
    },
    attemptTimeoutMs: options.attemptTimeoutMs ?? DELIVERY_DEFAULTS.attemptTimeoutMs,
    send: options.fetch ?? fetch,
    logger,
  };
  const stop = new AbortController();
  const workers = new Map<number, Promise<void>>();
  let ticking: Promise<void> | undefined;
  let again = false;

  /**
   * The events after `after` up to `end` (at most EVENT_PAGE of them), oldest first, read outside any write.
   * Event ids have no gaps in commit order, so they are the newest `end - after` below `end + 1`.
   */
  const eventPage = (after: number, end: number) =>
    storage.read(async (tx) =>
      (await tx.events({ before: end + 1, limit: end - after }))
        .map((text) => JSON.parse(text) as DeliveredEvent)
        .filter((e) => e.id > after && e.id <= end)
        .reverse(),
    );

  /** The integration with its secrets opened, or why they do not open (every event of the claim then fails with it). */
  const opened = (addon: Addon): Promise<Addon | string> =>
    options.secrets
      .open(addon)
      .catch((error: unknown) => `Not sent: the integration's secrets cannot be read (${(error as Error).message})`);

  /** Sends a claimed batch, a page of the log at a time; 'more' when events came meanwhile (the lease kept), 'done' (given back) or 'lost'. */
  async function deliverClaim(claim: Claim, signal: AbortSignal): Promise<'done' | 'more' | 'lost'> {
    const { addon } = claim;
    let sendable: Addon | string | undefined;
    for (let after = claim.lastEventId, end = 0; after < claim.lastId; after = end) {
      end = Math.min(claim.lastId, after + EVENT_PAGE);
      for (const event of await eventPage(after, end)) {
        if (!wants(addon, event)) continue;
        if (sendable === undefined) {
          sendable = await opened(addon);
          if (typeof sendable === 'string')
            logger.warn({ integrationId: addon.id, provider: addon.provider }, `integration delivery failed: ${sendable}`);
        }
        const result: Result =
          typeof sendable === 'string'
            ? { state: 'failed', stateDetails: sendable, attempts: 0 }
            : await sendUntilTaken(sendable, event, signal, attemptOptions);
        logger.info(
          { integrationId: addon.id, provider: addon.provider, eventId: event.id, state: result.state },
          'integration event delivered',
        );
        const outcome = {
          id: String(event.id),
          integrationId: addon.id,
          createdAt: new Date().toISOString(),
          state: result.state,
          stateDetails: result.stateDetails,
          event,
          details: { attempts: result.attempts, ...(result.status === undefined ? {} : { status: result.status }) },
        };
        if (!(await lease.record(addon.id, event.id, outcome))) return 'lost';
      }
    }
    return lease.finish(addon.id, claim.lastId);
  }

  async function work(id: number) {
    for (;;) {
      const claim = await lease.claim(id);
      if (!claim) return;
      if (claim.takenFrom !== undefined)
        logger.warn({ integrationId: id, from: claim.takenFrom }, 'integration delivery taken over: the lease of another process ran out');
      // The lease is renewed while this process works; once lost, the attempt under way is given up.
      const lost = new AbortController();
      const signal = AbortSignal.any([stop.signal, lost.signal]);
      const heartbeat = setInterval(() => {
        lease.renew(id).then(
          (held) => held || lost.abort(),
          () => undefined,
        );
      }, leaseMs / 3);
      try {
        if ((await deliverClaim(claim, signal)) !== 'more') return;
      } finally {
        clearInterval(heartbeat);
      }
    }
  }

  async function tick() {
    // Due: an event pending that the integration is sent (or more than UNSENT_LAG events it is not sent, so
    // its state moves on), and no other process holding a lease that still runs. Anything else would be a
    // write for nothing (a refused claim, a batch of events the integration does not want), and on a shared
    // database every write tells every process to look again.
    const pending = await storage.read(async (tx) => {
      const count = await tx.countEvents({});
      const candidates: { addon: Addon; after: number }[] = [];
      for (const addon of await tx.list('addons')) {
        const state = (await tx.get('settings', stateName(addon.id)))?.value as LeasedState | undefined;
        const heldElsewhere =
          !soleProcess && state?.deliverer !== undefined && state.deliverer !== me && Date.parse(state.leaseUntil ?? '') > Date.now();
        const after = state?.lastEventId ?? 0;
        if (after < count && !heldElsewhere) candidates.push({ addon, after });
      }
      const lag = Math.min(count - Math.min(count, ...candidates.map((c) => c.after)), UNSENT_LAG);
      const recent = lag > 0 ? (await tx.events({ limit: lag })).map((text) => JSON.parse(text) as DeliveredEvent) : [];
      return candidates
        .filter(({ addon, after }) => count - after > UNSENT_LAG || recent.some((e) => e.id > after && wants(addon, e)))
        .map(({ addon }) => addon.id);
    });
    for (const id of pending) {
      if (workers.has(id) || stop.signal.aborted) continue;
      const worker = work(id)
        .catch((error) => {
          if (!(error instanceof Stopped))
            logger.error(
              { integrationId: id, err: { name: (error as Error).name, message: (error as Error).message } },
              'integration delivery stopped; it is tried again',
            );
        })
        .finally(() => workers.delete(id));
      workers.set(id, worker);
    }
  }

  const gatherMs = options.gatherMs ?? DELIVERY_DEFAULTS.gatherMs;
  let gathering: ReturnType<typeof setTimeout> | undefined;

  /** A commit (or the poll): the log is read once the window of commits that follow it has passed. */
  function schedule() {
    if (stop.signal.aborted || gathering) return;
    gathering = setTimeout(() => {
      gathering = undefined;
      readLog();
    }, gatherMs);
  }

  function readLog() {
    if (stop.signal.aborted) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick()
      .catch((error) =>
        logger.warn(
          { err: { name: (error as Error).name, message: (error as Error).message } },
          'integrations could not read the event log; reading again later',
        ),
      )
      .finally(() => {
        ticking = undefined;
        if (again) {
          again = false;
          readLog();
        }
      });
  }

  const unsubscribe = storage.onCommit?.(schedule);
  const poll = setInterval(schedule, options.pollIntervalMs ?? Math.min(DELIVERY_DEFAULTS.pollIntervalMs, leaseMs));
  poll.unref?.();
  schedule();

  return {
    async close() {
      if (stop.signal.aborted) return;
      stop.abort();
      clearInterval(poll);
      clearTimeout(gathering);
      unsubscribe?.();
      await ticking;
      const held = [...workers.keys()];
      await Promise.all([...workers.values()]);
      await lease
        .release(held)
        .catch((error) =>
          logger.warn(
            { err: { name: (error as Error).name, message: (error as Error).message } },
            'integration leases not given back; they run out',
          ),
        );
    },
  };
}
