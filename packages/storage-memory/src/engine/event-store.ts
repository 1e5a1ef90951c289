import type { PreparedEvent } from './change-set';
import { FeatureChains } from './feature-chains';

/**
 * Where committed events live. The memory storage keeps their text in arrays; a disk storage keeps
 * them in a file and only their offsets in memory. Either way the queries below are served from
 * indexes. `upTo` is how many events (ids 1..upTo) the asking transaction sees: a read transaction
 * answers from the events committed when it began, however many were appended since.
 */
export interface EventStore {
  /** Id of the newest event, 0 when there is none. */
  readonly lastId: number;
  /** Called once the events are durable, in id order. */
  append(events: readonly PreparedEvent[]): void;
  /** The JSON text of each event, newest first, at most `limit` (of these projects, when given). */
  latest(limit: number, projects: readonly string[] | undefined, upTo: number): Promise<string[]>;
  /** The JSON text of each event of the project, newest first. */
  ofProject(project: string, upTo: number): Promise<string[]>;
  count(projects: readonly string[] | undefined, upTo: number): number;
  /** The JSON text of each event whose `featureName` is `feature` (of these projects, when given), newest first, at most `limit`. */
  ofFeature(feature: string, projects: readonly string[] | undefined, limit: number, upTo: number): Promise<string[]>;
  /** How many events `ofFeature` would give with no limit (a store whose index is still being built answers once it is). */
  countOfFeature(feature: string, projects: readonly string[] | undefined, upTo: number): number | Promise<number>;
}

/** How many events (ids 1..upTo) a query with the cursor `before` sees: those with an id below it. */
export const belowCursor = (upTo: number, before: number | undefined): number =>
  before === undefined ? upTo : Math.max(0, Math.min(upTo, Math.ceil(before) - 1));

/** How many of the (ascending) positions are below `upTo`: the list without its newest entries at or past it. */
export function countBelow(positions: ArrayLike<number>, upTo: number): number {
  let n = positions.length;
  while (n > 0 && positions[n - 1]! >= upTo) n--;
  return n;
}

/**
 * Positions (newest first) of the last `limit` events among the first `total`, of every event when
 * `projects` is undefined, else of those projects: a merge of the tails of the per-project position
 * lists, so the cost depends on `limit` and the number of projects, never on the length of the history.
 */
export function latestPositions(
  limit: number,
  total: number,
  projects: readonly string[] | undefined,
  positionsOf: (project: string) => ArrayLike<number> | undefined,
): number[] {
  if (limit <= 0) return [];
  if (!projects) {
    const out: number[] = [];
    for (let i = total - 1; i >= 0 && out.length < limit; i--) out.push(i);
    return out;
  }
  const tails: number[] = [];
  for (const p of new Set(projects)) {
    const list = positionsOf(p);
    if (!list) continue;
    for (let i = countBelow(list, total) - 1, taken = 0; i >= 0 && taken < limit; i--, taken++) tails.push(list[i]!);
  }
  return tails.sort((a, b) => b - a).slice(0, limit);
}

/**
 * Events held in memory as JSON text (compact, and every read is a copy by nature), with a
 * per-project index of positions.
 */
export class MemoryEventStore implements EventStore {
  private readonly all: string[] = [];
  private readonly positions = new Map<string, number[]>();
  private readonly features = new FeatureChains();
  private last = 0;

  get lastId(): number {
    return this.last;
  }

  append(events: readonly PreparedEvent[]): void {
    for (const event of events) {
      const at = this.all.push(event.json) - 1;
      this.last = event.id;
      if (event.project !== null) {
        let list = this.positions.get(event.project);
        if (!list) this.positions.set(event.project, (list = []));
        list.push(at);
      }
      this.features.add(event.feature);
    }
  }

  async latest(limit: number, projects: readonly string[] | undefined, upTo: number): Promise<string[]> {
    return latestPositions(limit, upTo, projects, (p) => this.positions.get(p)).map((i) => this.all[i]!);
  }

  async ofProject(project: string, upTo: number): Promise<string[]> {
    const list = this.positions.get(project) ?? [];
    const out: string[] = [];
    for (let i = countBelow(list, upTo) - 1; i >= 0; i--) out.push(this.all[list[i]!]!);
    return out;
  }

  count(projects: readonly string[] | undefined, upTo: number): number {
    if (!projects) return upTo;
    let n = 0;
    for (const p of new Set(projects)) {
      const list = this.positions.get(p);
      if (list) n += countBelow(list, upTo);
    }
    return n;
  }

  async ofFeature(feature: string, projects: readonly string[] | undefined, limit: number, upTo: number): Promise<string[]> {
    return this.features.positions(feature, projects, limit, upTo, (p) => this.positions.get(p)).map((i) => this.all[i]!);
  }

  countOfFeature(feature: string, projects: readonly string[] | undefined, upTo: number): number {
    return this.features.count(feature, projects, upTo, (p) => this.positions.get(p));
  }
}
