/** What a move did (or, on a dry run, would do), per kind of thing: created, updated, unchanged, skipped with the reason. */
import type { ApiTokenDoc } from './documents';

export const KINDS = [
  'environments',
  'projects',
  'context fields',
  'tag types',
  'tags',
  'segments',
  'strategy definitions',
  'features',
  'archived features',
  'change-request settings',
] as const;

export type Kind = (typeof KINDS)[number];

export interface KindSummary {
  created: number;
  updated: number;
  unchanged: number;
  skipped: { name: string; reason: string }[];
}

export interface MoveSummary {
  /** Nothing was written: the counts say what a move would do. */
  dryRun: boolean;
  kinds: Record<Kind, KindSummary>;
  /** The source's API tokens, which a move cannot bring (see the README: how to create them anew). */
  tokens: ApiTokenDoc[];
}

export function emptySummary(dryRun: boolean): MoveSummary {
  const kinds = {} as Record<Kind, KindSummary>;
  for (const kind of KINDS) kinds[kind] = { created: 0, updated: 0, unchanged: 0, skipped: [] };
  return { dryRun, kinds, tokens: [] };
}

/** Whether anything could not be brought (the tokens aside: no move can bring them). */
export const incomplete = (summary: MoveSummary): boolean => KINDS.some((k) => summary.kinds[k].skipped.length > 0);

/** The summary as lines of text, a line per kind, then each skipped item with its reason, then the tokens. */
export function summaryLines(summary: MoveSummary, from: string, to: string): string[] {
  const verb = summary.dryRun ? 'would be ' : '';
  const lines = [`${summary.dryRun ? 'Dry run (nothing written)' : 'Moved'}: ${from} -> ${to}`];
  for (const kind of KINDS) {
    const k = summary.kinds[kind];
    if (k.created + k.updated + k.unchanged + k.skipped.length === 0) continue;
    lines.push(
      `  ${kind}: ${k.created} ${verb}created, ${k.updated} ${verb}updated, ${k.unchanged} unchanged${k.skipped.length ? `, ${k.skipped.length} skipped` : ''}`,
    );
    for (const s of k.skipped) lines.push(`    skipped ${s.name}: ${s.reason}`);
  }
  const changes = KINDS.reduce((n, kind) => n + summary.kinds[kind].created + summary.kinds[kind].updated, 0);
  if (!summary.dryRun && changes === 0) lines.push('  Nothing changed: the target already holds everything.');
  if (summary.tokens.length) {
    lines.push(`  API tokens not brought (a move cannot copy a token; create each anew on the target): ${summary.tokens.length}`);
    for (const t of summary.tokens)
      lines.push(`    ${t.tokenName}: type ${t.type}, environment ${t.environment}, projects ${t.projects.join(', ')}`);
  }
  return lines;
}
