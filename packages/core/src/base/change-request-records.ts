/** The stored change requests: their changes, approvals, schedule, and each project environment's settings. */
import type { ApiKeyRecord, ChangeRequestState } from './records';

export interface UserRef {
  username: string | null;
  imageUrl: string | null;
}

/**
 * What a change targets, as it was when the change was added: at apply, a target that changed since
 * (another version) or is gone is a conflict. `version` is a fingerprint of the target's state.
 */
export interface ChangeTarget {
  /** `feature` (only its being archived counts), `strategy`, `strategies`, `variants`, `dependencies`, `segment`. */
  kind: string;
  /** The strategy or segment id, for those kinds. */
  id?: string;
  version: string;
}

export interface ChangeRecord {
  id: number;
  action: string;
  payload: unknown;
  createdBy: UserRef;
  createdAt: string;
  /** What the change targets and its version when added; absent on changes stored before versions were kept. */
  target?: ChangeTarget;
}

export interface ApprovalRecord {
  createdBy: { id: number; username: string; imageUrl: string };
  createdAt: string;
}

/** A snapshot of the key that scheduled a request (never its secret hash): the scheduled apply acts as it. */
export type SchedulerRecord = Pick<ApiKeyRecord, 'id' | 'name' | 'type' | 'role' | 'projects' | 'environments'> & {
  /** A person scheduled it (their id, not a key's): the apply needs them still there with the same access. */
  user?: true;
};

export interface ChangeRequestRecord {
  id: number;
  title: string;
  environment: string;
  minApprovals: number;
  project: string;
  features: { name: string; changes: ChangeRecord[] }[];
  segments: (ChangeRecord & { name: string })[];
  approvals: ApprovalRecord[];
  rejections: ApprovalRecord[];
  comments: { id: number; text: string; createdBy: UserRef; createdAt: string }[];
  createdBy: { id: number; username: string | null; imageUrl: string };
  createdAt: string;
  state: ChangeRequestState;
  /** When Scheduled: when it applies, by whom, with force or not; `failed` when the apply could not run. */
  schedule?: { scheduledAt: string; status: 'pending' | 'failed'; reason?: string; force: boolean; by: SchedulerRecord };
  /** A discarded Draft: storages never remove records, so it stays as this marker and reads treat it as gone. */
  discardedAt?: string;
}

/** Change requests of one project environment: on or off, and the approvals a request needs. */
export interface ChangeRequestConfigRecord {
  project: string;
  environment: string;
  enabled: boolean;
  requiredApprovals: number;
}
