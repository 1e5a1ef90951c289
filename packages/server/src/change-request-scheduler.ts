/**
 * Applies scheduled change requests when their time comes: once at start (so a request that fell due
 * while the server was down is applied then) and on a timer. Core checks each request in the applying
 * transaction, so a run that overlaps another (or another process on the same database) applies nothing twice.
 */
import { SYSTEM_PRINCIPAL, type Admin, type Logger } from '@flagadmin/core';

export const DEFAULT_SCHEDULE_INTERVAL_MS = 10_000;

export interface ChangeRequestScheduler {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

export function startChangeRequestScheduler(
  admin: Admin,
  logger: Logger,
  intervalMs = DEFAULT_SCHEDULE_INTERVAL_MS,
): ChangeRequestScheduler {
  /** The run under way, if any: a tick while one runs is skipped, so slow runs never queue up. */
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = async (): Promise<void> => {
    try {
      const { applied } = await admin.applyDueChangeRequests(SYSTEM_PRINCIPAL);
      for (const id of applied) logger.info({ changeRequestId: id }, 'scheduled change request applied');
      // Failures are logged by core, each with its reason.
    } catch (error) {
      logger.error({ err: error }, 'applying scheduled change requests failed');
    }
  };
  const tick = () => {
    if (stopped || running) return;
    running = run().finally(() => (running = undefined));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
