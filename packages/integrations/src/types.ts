/** Shapes the delivery reads and writes. */
import type { AddonRecord, IntegrationEventRecord, IntegrationState } from '@flagadmin/core';

/** An event of the log, as storages keep it (core's EventRecord). */
export interface DeliveredEvent {
  id: number;
  type: string;
  createdBy: string;
  createdAt: string;
  project: string | null;
  featureName: string | null;
  environment: string | null;
  data: unknown;
  preData: unknown;
  tags?: unknown[];
}

/** The delivery state with the lease that lets one process deliver an integration's events at a time. */
export interface LeasedState extends IntegrationState {
  /** The process delivering now, and until when it may (ISO time); another takes over once it has passed. */
  deliverer?: string;
  leaseUntil?: string;
}

/** One HTTP request to a receiver. */
export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type Addon = AddonRecord;

/** One delivery outcome, as getIntegrationEvents answers it. */
export type Outcome = IntegrationEventRecord;
