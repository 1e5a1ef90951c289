/**
 * A page of search matches and their total, from the search index (runtime/feature-index.ts) and a plan's
 * clauses (search-plan.ts), at a cost that depends on the matching rows and the page, not on every feature:
 *
 * - The **total**: known without looking at a row when the search has at most one filter that the postings
 *   answer exactly (a project, a type, one tag, stale, `<environment>:enabled`...; the postings keep live and
 *   archived rows apart). Otherwise counted over the smallest candidate set among the clauses (postings, a
 *   `query` word's trigram list), each candidate tested against every clause.
 * - The **page**: with a known total, the chosen order is walked from its nearer end, testing each row,
 *   for at most about as many rows as the total; past that (the matches sit far apart in that order), and whenever
 *   the total was counted, the matches are put in the order: sorted by its comparison of rows when few (no
 *   rank is needed, so a search right after a write costs the matches, not every feature), else marked in a
 *   bitmap of their ranks in it, read 32 at a time up to the page.
 *
 * Without any candidate set (filters that only exclude, `state` other than stale, `createdAt`, a `query`
 * word shorter than three characters) the count tests every row: the matching set is then most rows, or the
 * word too short to index.
 */
import type { FeatureIndex, FeatureRow, SortKey } from '../runtime/feature-index';
import type { Candidates, Clause } from './search-plan';

export interface MatchPage {
  rows: FeatureRow[];
  total: number;
}

export function matchPage(
  index: FeatureIndex,
  clauses: readonly Clause[],
  page: { sortKey: SortKey; descending: boolean; offset: number; limit: number },
): MatchPage {
  const passes = (r: FeatureRow): boolean => {
    for (const c of clauses) if (!c.test(r)) return false;
    return true;
  };
  const order = index.order(page.sortKey);
  const filters = clauses.filter((c) => !c.side);
  const known = filters.length === 0 ? clauses.find((c) => c.side)?.count : filters.length === 1 ? filters[0]!.count : undefined;
  if (known === undefined) {
    const matches = candidatesPassing(index, clauses, passes);
    return pageOf(index, order, matches.length, page, (from, to) => inOrder(index, order, matches, from, to));
  }
  // Every candidate of the one filter passes: they are the matches as they are.
  const exact = filters.length === 1 ? filters[0]!.candidates : undefined;
  const budget = clauses.some((c) => c.candidates) ? known + 64 : Infinity;
  return pageOf(index, order, known, page, (from, to) => {
    // Walked only when the page should come within the budget, were the matches spread evenly in the order.
    const likely = (Math.min(to, known - from) * order.size) / Math.max(1, known) <= budget;
    const walked = likely ? walk(index, order, passes, from, to, known, budget) : undefined;
    return walked ?? inOrder(index, order, exact ? all(exact) : candidatesPassing(index, clauses, passes), from, to);
  });
}

/** The page of `total` matches: the range of their ascending order it covers, its slots from `pick`, its rows in the page's direction. */
function pageOf(
  index: FeatureIndex,
  order: Order,
  total: number,
  page: { descending: boolean; offset: number; limit: number },
  pick: (from: number, to: number) => number[],
): MatchPage {
  const from = page.descending ? Math.max(0, total - page.offset - page.limit) : Math.min(page.offset, total);
  const to = page.descending ? Math.max(0, total - page.offset) : Math.min(page.offset + page.limit, total);
  if (from >= to || order.size === 0) return { rows: [], total };
  const rows = pick(from, to).map((s) => index.row(s)!);
  if (page.descending) rows.reverse();
  return { rows, total };
}

/** The slots that pass every clause, from the smallest candidate set (or every slot when no clause has one). */
function candidatesPassing(index: FeatureIndex, clauses: readonly Clause[], passes: (r: FeatureRow) => boolean): number[] {
  let driver: Candidates | undefined;
  for (const c of clauses) if (c.candidates && (!driver || c.candidates.size < driver.size)) driver = c.candidates;
  const out: number[] = [];
  if (!driver) {
    for (let slot = 0; slot < index.slots; slot++) {
      const r = index.row(slot);
      if (r && passes(r)) out.push(slot);
    }
    return out;
  }
  const seen = driver.distinct ? undefined : new Set<number>();
  driver.each((slot) => {
    if (seen) {
      if (seen.has(slot)) return;
      seen.add(slot);
    }
    const r = index.row(slot);
    if (r && passes(r)) out.push(slot);
  });
  return out;
}

function all(candidates: Candidates): number[] {
  const out: number[] = [];
  candidates.each((slot) => out.push(slot));
  return out;
}

interface Order {
  readonly size: number;
  at(rank: number): number;
  /** A slot's rank: after a change the order computes every slot's rank again, so only the bitmap asks. */
  rank(slot: number): number;
  /** The order's comparison of two rows (a total order: no two rows compare equal). */
  compare(a: FeatureRow, b: FeatureRow): number;
}

/** The slots of the matches at ranks [from, to) of their ascending order. */
function inOrder(index: FeatureIndex, order: Order, matches: readonly number[], from: number, to: number): number[] {
  if (matches.length * Math.log2(matches.length + 1) < order.size / 32) {
    const rows = matches.map((s) => index.row(s)!).sort(order.compare);
    return rows.slice(from, to).map((r) => r.slot);
  }
  const bits = new Uint32Array((order.size >>> 5) + 1);
  for (const s of matches) {
    const r = order.rank(s);
    bits[r >>> 5]! |= 1 << (r & 31);
  }
  const out: number[] = [];
  let seen = 0;
  for (let w = 0; w < bits.length && seen < to; w++) {
    let word = bits[w]!;
    if (word === 0) continue;
    const n = popcount(word);
    if (seen + n <= from) {
      seen += n;
      continue;
    }
    while (word !== 0 && seen < to) {
      const low = word & -word;
      if (seen >= from) out.push(order.at((w << 5) + 31 - Math.clz32(low)));
      seen++;
      word ^= low;
    }
  }
  return out;
}

/**
 * The slots at ranks [from, to) of the `total` rows that pass, walking the order from its nearer end; undefined
 * when that takes more than `budget` rows.
 */
function walk(
  index: FeatureIndex,
  order: Order,
  passes: (r: FeatureRow) => boolean,
  from: number,
  to: number,
  total: number,
  budget: number,
): number[] | undefined {
  const out: number[] = [];
  let seen = 0;
  const forward = to <= total - from;
  const [skip, end] = forward ? [from, to] : [total - to, total - from];
  for (let step = 0; step < order.size && seen < end; step++) {
    if (step >= budget) return undefined;
    const slot = order.at(forward ? step : order.size - 1 - step);
    if (!passes(index.row(slot)!)) continue;
    if (seen >= skip) out.push(slot);
    seen++;
  }
  return forward ? out : out.reverse();
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
