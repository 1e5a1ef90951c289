/**
 * Delivery from the committed event log (the log is the outbox): each integration's events after its last
 * handled id, in order, each sent until the receiver takes it (2xx) or the retry time is over (then recorded
 * as failed), the state written after each. A process holds a lease on an integration while it delivers, so
 * processes sharing a database deliver each event from one of them; a crash leaves the event pending and
 * the lease runs out: the next process sends it again (at least once; the idempotency key tells repeats).
 */
import { randomUUID } from 'node:crypto';
import { silentLogger, type Logger, type Storage, type WriteTx } from '@flagadmin/core';
import { buildRequest, wants } from './request';
import type { Addon, DeliveredEvent, LeasedState } from './types';

export interface RetryOptions {
  /** The wait after the first failed attempt, doubled after each (ms). Default 500. */
  firstDelayMs?: number;
  /** The longest wait between attempts (ms). Default 30,000. */
  maxDelayMs?: number;
  /** How long an event is retried before it is recorded as failed (ms). Default 600,000 (10 minutes). */
  giveUpAfterMs?: number;
}

export interface IntegrationsOptions {
  storage: Storage;
  logger?: Logger;
  retry?: RetryOptions;
  /** How long one attempt may take (ms). Default 10,000. */
  attemptTimeoutMs?: number;
  /** How often the log is read again besides the storage's commit notifications (ms). Default 5,000. */
  pollIntervalMs?: number;
  /** This process's name in the lease. Default: a random id. */
  processId?: string;
  fetch?: typeof fetch;
}

export interface Integrations {
  /** Stops delivering: attempts under way are aborted (their events stay pending). */
  close(): Promise<void>;
}

/** The latest outcomes kept per integration. */
const OUTCOMES_KEPT = 100;
const stateName = (addonId: number): string => `integration-delivery:${addonId}`;

class Closed extends Error {}

export function startIntegrations(options: IntegrationsOptions): Integrations {
  const { storage } = options;
  const logger = options.logger ?? silentLogger;
  const firstDelay = options.retry?.firstDelayMs ?? 500;
  const maxDelay = options.retry?.maxDelayMs ?? 30_000;
  const giveUpAfter = options.retry?.giveUpAfterMs ?? 600_000;
  const attemptTimeout = options.attemptTimeoutMs ?? 10_000;
  const leaseMs = giveUpAfter + attemptTimeout + maxDelay + 60_000;
  const me = options.processId ?? randomUUID();
  const send = options.fetch ?? fetch;
  const stop = new AbortController();
  const workers = new Map<number, Promise<void>>();
  let ticking: Promise<void> | undefined;
  let again = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (stop.signal.aborted) return reject(new Closed());
      const timer = setTimeout(() => {
        stop.signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(new Closed());
      };
      stop.signal.addEventListener('abort', onAbort, { once: true });
    });

  const readState = async (tx: WriteTx, id: number): Promise<LeasedState> =>
    ((await tx.get('settings', stateName(id)))?.value as LeasedState | undefined) ?? {
      lastEventId: await tx.countEvents({}),
      integrationEvents: [],
    };

  /** Takes the lease and the pending events, oldest first; undefined when another process holds it or nothing is pending. */
  const claim = (id: number) =>
    storage.write(async (tx) => {
      const addon = await tx.get('addons', String(id));
      if (!addon) return undefined;
      const state = await readState(tx, id);
      if (state.deliverer !== undefined && state.deliverer !== me && Date.parse(state.leaseUntil ?? '') > Date.now()) return undefined;
      const count = await tx.countEvents({});
      if (state.lastEventId >= count) {
        if (state.deliverer === me)
          await tx.put('settings', {
            name: stateName(id),
            value: { lastEventId: state.lastEventId, integrationEvents: state.integrationEvents },
          });
        return undefined;
      }
      const texts = await tx.events({ limit: count - state.lastEventId });
      const events = texts
        .map((t) => JSON.parse(t) as DeliveredEvent)
        .filter((e) => e.id > state.lastEventId)
        .reverse();
      await tx.put('settings', {
        name: stateName(id),
        value: { ...state, deliverer: me, leaseUntil: new Date(Date.now() + leaseMs).toISOString() },
      });
      return { addon, events };
    });

  /** Moves the state past `eventId` with the outcome, if this process still holds the lease; false when it does not. */
  const record = (addon: Addon, eventId: number, outcome?: LeasedState['integrationEvents'][number]) =>
    storage.write(async (tx) => {
      if (!(await tx.get('addons', String(addon.id)))) return false;
      const state = await readState(tx, addon.id);
      if (state.deliverer !== me) return false;
      const integrationEvents = outcome ? [outcome, ...state.integrationEvents].slice(0, OUTCOMES_KEPT) : state.integrationEvents;
      const leaseUntil = new Date(Date.now() + leaseMs).toISOString();
      await tx.put('settings', { name: stateName(addon.id), value: { ...state, lastEventId: eventId, integrationEvents, leaseUntil } });
      return true;
    });

  /** Sends until taken or the retry time is over. */
  async function deliver(addon: Addon, event: DeliveredEvent) {
    const request = buildRequest(addon, event);
    const started = Date.now();
    let delay = firstDelay;
    for (let attempt = 1; ; attempt++) {
      let detail: string;
      let status: number | undefined;
      try {
        const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(attemptTimeout)]);
        const res = await send(request.url, { method: 'POST', headers: request.headers, body: request.body, signal, redirect: 'manual' });
        status = res.status;
        await res.body?.cancel();
        if (res.ok)
          return {
            state: 'success' as const,
            stateDetails: `Sent (status ${status}) after ${attempt} attempt${attempt === 1 ? '' : 's'}`,
            attempt,
            status,
          };
        detail = `status ${status}`;
      } catch (error) {
        if (stop.signal.aborted) throw new Closed();
        detail = (error as Error).name === 'TimeoutError' ? `no answer within ${attemptTimeout} ms` : 'the receiver could not be reached';
      }
      logger.warn(
        { integrationId: addon.id, provider: addon.provider, eventId: event.id, attempt, status },
        `integration delivery failed: ${detail}`,
      );
      if (Date.now() - started + delay > giveUpAfter) {
        return {
          state: 'failed' as const,
          stateDetails: `Not taken after ${attempt} attempts in ${Date.now() - started} ms: ${detail}`,
          attempt,
          status,
        };
      }
      await sleep(delay);
      delay = Math.min(delay * 2, maxDelay);
    }
  }

  async function work(id: number) {
    for (;;) {
      const claimed = await claim(id);
      if (!claimed) return;
      const { addon, events } = claimed;
      let last = 0;
      for (const event of events) {
        last = event.id;
        if (!wants(addon, event)) continue;
        const result = await deliver(addon, event);
        const outcome = {
          id: String(event.id),
          integrationId: addon.id,
          createdAt: new Date().toISOString(),
          state: result.state,
          stateDetails: result.stateDetails,
          event,
          details: { attempts: result.attempt, ...(result.status === undefined ? {} : { status: result.status }) },
        };
        logger.info(
          { integrationId: addon.id, provider: addon.provider, eventId: event.id, state: result.state },
          'integration event delivered',
        );
        if (!(await record(addon, event.id, outcome))) return;
      }
      if (!(await record(addon, last))) return;
    }
  }

  async function tick() {
    const pending = await storage.read(async (tx) => {
      const count = await tx.countEvents({});
      const addons = await tx.list('addons');
      const due: number[] = [];
      for (const addon of addons) {
        const state = (await tx.get('settings', stateName(addon.id)))?.value as LeasedState | undefined;
        if (!state || state.lastEventId < count) due.push(addon.id);
      }
      return due;
    });
    for (const id of pending) {
      if (workers.has(id) || stop.signal.aborted) continue;
      const worker = work(id)
        .catch((error) => {
          if (!(error instanceof Closed))
            logger.error(
              { integrationId: id, err: { name: (error as Error).name, message: (error as Error).message } },
              'integration delivery stopped; it is tried again',
            );
        })
        .finally(() => workers.delete(id));
      workers.set(id, worker);
    }
  }

  function schedule() {
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
          schedule();
        }
      });
  }

  const unsubscribe = storage.onCommit?.(schedule);
  const poll = setInterval(schedule, options.pollIntervalMs ?? 5_000);
  poll.unref?.();
  schedule();

  return {
    async close() {
      if (stop.signal.aborted) return;
      stop.abort();
      clearInterval(poll);
      unsubscribe?.();
      await ticking;
      await Promise.all([...workers.values()]);
    },
  };
}
