/**
 * The index of events by feature name, shared by the event stores: per feature its newest event's position
 * and its count, and per event the position of the previous event of its feature (a chain through a
 * feature's events, newest first). Memory: 4 bytes per event plus one entry per feature name, with no
 * list per feature to allocate or grow, so a disk log rebuilds it in one pass (storage-lowdb: in the
 * background after open, since events must be added in order). A feature's page
 * walks its chain: the cost is its own events, never the length of the history.
 */
interface Head {
  last: number;
  count: number;
}

/** Whether the ascending `positions` hold `position` (a binary search). */
function holds(positions: ArrayLike<number>, position: number): boolean {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (positions[mid]! < position) lo = mid + 1;
    else hi = mid;
  }
  return lo < positions.length && positions[lo] === position;
}

export class FeatureChains {
  private readonly heads = new Map<string, Head>();
  /** Per position: the previous position of the same feature + 1 (0: none, or an event of no feature). */
  private links = new Uint32Array(1024);
  private length = 0;

  /** Files the event at the next position (positions come in order, every event, with a feature or not). */
  add(feature: string | null): void {
    const position = this.length;
    let link = 0;
    if (feature !== null) {
      const head = this.heads.get(feature);
      if (head) {
        link = head.last + 1;
        head.last = position;
        head.count++;
      } else this.heads.set(feature, { last: position, count: 1 });
    }
    if (position === this.links.length) {
      const grown = new Uint32Array(this.links.length * 2);
      grown.set(this.links);
      this.links = grown;
    }
    this.links[position] = link;
    this.length++;
  }

  /**
   * Positions (newest first) of the feature's events among the first `upTo`, at most `limit`, kept to
   * `projects` when given (a binary search in each project's ascending positions).
   */
  positions(
    feature: string,
    projects: readonly string[] | undefined,
    limit: number,
    upTo: number,
    positionsOf: (project: string) => ArrayLike<number> | undefined,
  ): number[] {
    const head = this.heads.get(feature);
    if (!head || limit <= 0) return [];
    const lists = projects && [...new Set(projects)].map(positionsOf).filter((l) => l !== undefined);
    if (lists && lists.length === 0) return [];
    const out: number[] = [];
    for (let p = head.last; p >= 0 && out.length < limit; p = this.links[p]! - 1) {
      if (p >= upTo) continue;
      if (!lists || lists.some((l) => holds(l, p))) out.push(p);
    }
    return out;
  }

  /** How many of the feature's events are among the first `upTo` (of `projects`, when given). */
  count(
    feature: string,
    projects: readonly string[] | undefined,
    upTo: number,
    positionsOf: (project: string) => ArrayLike<number> | undefined,
  ): number {
    const head = this.heads.get(feature);
    if (!head) return 0;
    if (projects) return this.positions(feature, projects, Infinity, upTo, positionsOf).length;
    let newer = 0;
    for (let p = head.last; p >= upTo; p = this.links[p]! - 1) newer++;
    return head.count - newer;
  }
}
