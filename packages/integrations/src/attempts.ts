/**
 * One event sent to one integration until the receiver takes it (2xx) or the retry time is over: exponential
 * backoff between attempts, each attempt bounded. Logs name the integration, provider, event, attempt and
 * status, never the URL, headers or body (they may carry secrets).
 */
import type { Logger } from '@flagadmin/core';
import { buildRequest } from './request';
import type { Addon, DeliveredEvent } from './types';

export interface RetryOptions {
  /** The wait after the first failed attempt, doubled after each (ms). Default 500. */
  firstDelayMs?: number;
  /** The longest wait between attempts (ms). Default 30,000. */
  maxDelayMs?: number;
  /** How long an event is retried before it is recorded as failed (ms). Default 600,000 (10 minutes). */
  giveUpAfterMs?: number;
}

export interface AttemptOptions {
  retry: Required<RetryOptions>;
  attemptTimeoutMs: number;
  send: typeof fetch;
  logger: Logger;
}

export interface Result {
  state: 'success' | 'failed';
  stateDetails: string;
  attempts: number;
  status?: number;
}

/** Thrown when `signal` ends the sending (the process closes, or its lease was lost): the event stays pending. */
export class Stopped extends Error {
  override name = 'Stopped';
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new Stopped());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Stopped());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

export async function sendUntilTaken(addon: Addon, event: DeliveredEvent, signal: AbortSignal, options: AttemptOptions): Promise<Result> {
  const { retry, attemptTimeoutMs, send, logger } = options;
  const request = buildRequest(addon, event);
  const started = Date.now();
  let delay = retry.firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    let detail: string;
    let status: number | undefined;
    logger.debug({ integrationId: addon.id, provider: addon.provider, eventId: event.id, attempt }, 'integration event sending');
    try {
      const res = await send(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(attemptTimeoutMs)]),
        redirect: 'manual',
      });
      status = res.status;
      await res.body?.cancel();
      if (res.ok) {
        return {
          state: 'success',
          stateDetails: `Sent (status ${status}) after ${attempt} attempt${attempt === 1 ? '' : 's'}`,
          attempts: attempt,
          status,
        };
      }
      detail = `status ${status}`;
    } catch (error) {
      if (signal.aborted) throw new Stopped();
      detail = (error as Error).name === 'TimeoutError' ? `no answer within ${attemptTimeoutMs} ms` : 'the receiver could not be reached';
    }
    logger.warn(
      { integrationId: addon.id, provider: addon.provider, eventId: event.id, attempt, status },
      `integration delivery failed: ${detail}`,
    );
    if (Date.now() - started + delay > retry.giveUpAfterMs) {
      return {
        state: 'failed',
        stateDetails: `Not taken after ${attempt} attempt${attempt === 1 ? '' : 's'} in ${Date.now() - started} ms: ${detail}`,
        attempts: attempt,
        ...(status === undefined ? {} : { status }),
      };
    }
    await sleep(delay, signal);
    delay = Math.min(delay * 2, retry.maxDelayMs);
  }
}
