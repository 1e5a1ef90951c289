/**
 * An integration's delivery state and its lease, in the settings record core names
 * (`integration-delivery:<id>`): one write transaction each, so processes sharing a storage (PostgreSQL)
 * take turns. A process delivers an integration's events only while it holds the lease; it renews the lease
 * while it works and gives it back when nothing is pending or it closes. A lease not renewed (its process
 * died) runs out, and the next process to look takes it over.
 */
import type { Storage, WriteTx } from '@flagadmin/core';
import type { Addon, LeasedState, Outcome } from './types';

/** core's name of the record (`integrationStateName`, not exported: the public entry stays small). */
const integrationStateName = (addonId: number): string => `integration-delivery:${addonId}`;
/** The latest outcomes kept per integration. */
const OUTCOMES_KEPT = 100;

/** What a claim hands the process that took the lease: the events after `lastEventId` up to `lastId` are pending. */
export interface Claim {
  addon: Addon;
  lastEventId: number;
  lastId: number;
  /** The process whose lease ran out, when this claim took it over. */
  takenFrom?: string;
}

export interface Lease {
  /** Takes the lease when events are pending and no other process holds it; undefined otherwise (the lease given back when nothing is pending). */
  claim(id: number): Promise<Claim | undefined>;
  /** Extends the lease; false when this process no longer holds it (or the integration is gone). */
  renew(id: number): Promise<boolean>;
  /** Moves the state past `eventId` with its outcome and extends the lease; false when this process no longer holds it. */
  record(id: number, eventId: number, outcome: Outcome): Promise<boolean>;
  /**
   * Moves the state past a claimed batch (`lastId`): 'done' (the lease given back) when no event came since,
   * 'more' (the lease kept) when some did, 'lost' when this process no longer holds the lease.
   */
  finish(id: number, lastId: number): Promise<'done' | 'more' | 'lost'>;
  /** Gives back the leases this process holds on `ids`, so another process takes over at once. */
  release(ids: readonly number[]): Promise<void>;
}

/** `soleProcess`: no other process shares the storage, so another's lease is a crashed one's, taken over at once. */
export function leaseOn(storage: Storage, me: string, leaseMs: number, soleProcess = false): Lease {
  const until = () => new Date(Date.now() + leaseMs).toISOString();
  const put = (tx: WriteTx, id: number, value: LeasedState) => tx.put('settings', { name: integrationStateName(id), value });
  const read = async (tx: WriteTx, id: number): Promise<LeasedState> =>
    ((await tx.get('settings', integrationStateName(id)))?.value as LeasedState | undefined) ?? {
      lastEventId: await tx.countEvents({}),
      integrationEvents: [],
    };
  const unleased = ({ lastEventId, integrationEvents }: LeasedState): LeasedState => ({ lastEventId, integrationEvents });
  /** The state when this process holds the lease, else undefined. */
  const held = async (tx: WriteTx, id: number): Promise<LeasedState | undefined> => {
    if (!(await tx.get('addons', String(id)))) return undefined;
    const state = await read(tx, id);
    return state.deliverer === me ? state : undefined;
  };

  return {
    claim: (id) =>
      storage.write(async (tx) => {
        const addon = await tx.get('addons', String(id));
        if (!addon) return undefined;
        const state = await read(tx, id);
        const other = state.deliverer !== undefined && state.deliverer !== me ? state.deliverer : undefined;
        if (other !== undefined && !soleProcess && Date.parse(state.leaseUntil ?? '') > Date.now()) return undefined;
        const lastId = await tx.countEvents({});
        if (state.lastEventId >= lastId) {
          if (state.deliverer !== undefined) await put(tx, id, unleased(state));
          return undefined;
        }
        await put(tx, id, { ...unleased(state), deliverer: me, leaseUntil: until() });
        return { addon, lastEventId: state.lastEventId, lastId, ...(other === undefined ? {} : { takenFrom: other }) };
      }),
    renew: (id) =>
      storage.write(async (tx) => {
        const state = await held(tx, id);
        if (!state) return false;
        await put(tx, id, { ...state, leaseUntil: until() });
        return true;
      }),
    record: (id, eventId, outcome) =>
      storage.write(async (tx) => {
        const state = await held(tx, id);
        if (!state) return false;
        const integrationEvents = [outcome, ...state.integrationEvents].slice(0, OUTCOMES_KEPT);
        await put(tx, id, { ...state, lastEventId: Math.max(state.lastEventId, eventId), integrationEvents, leaseUntil: until() });
        return true;
      }),
    finish: (id, lastId) =>
      storage.write(async (tx) => {
        const state = await held(tx, id);
        if (!state) return 'lost';
        const passed = { ...state, lastEventId: Math.max(state.lastEventId, lastId) };
        if ((await tx.countEvents({})) > passed.lastEventId) {
          await put(tx, id, { ...passed, leaseUntil: until() });
          return 'more';
        }
        await put(tx, id, unleased(passed));
        return 'done';
      }),
    release: async (ids) => {
      if (ids.length === 0) return;
      await storage.write(async (tx) => {
        for (const id of ids) {
          const state = await held(tx, id);
          if (state) await put(tx, id, unleased(state));
        }
      });
    },
  };
}
