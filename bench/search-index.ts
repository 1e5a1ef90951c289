/**
 * `searchFeatures` pages not asked before, per kind of filter, and opening the data directory, on the large
 * set (100k flags, 1M events; `--quick`: the large-quick set, 10k flags and 100k events), in process (lowdb
 * storage + core's createAdmin):
 *
 *   node --conditions=source --import tsx bench/search-index.ts [--quick] [--calls N] [--opens N]
 *
 * `--calls 0`: only the open figures; `--opens 0`: only the searches.
 *
 * Every search call carries a parameter search does not read (`bench=<call>`), so each call misses the
 * answer kept per revision and computes its page from the index; the offsets are spread over the matching
 * set. Open: `lowdbStorage({ dir })` until it resolves, then until a flag's events answer (the index of
 * events by flag). Prints a Markdown table on stdout (progress on stderr).
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SYSTEM_PRINCIPAL, createAdmin } from '@flagadmin/core';
import { lowdbStorage } from '@flagadmin/storage-lowdb';
import { copyDataSet, DATA_SETS, ensureDataSet } from './dataset';
import { median, rng } from './util';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    calls: { type: 'string', default: '200' },
    opens: { type: 'string', default: '3' },
  },
});
const calls = Number(args.calls);
const opens = Number(args.opens);

/** The searches measured: a label and the query (offset and the cache-missing parameter are added per call). */
const SEARCHES: readonly [string, string][] = [
  ['every live flag, by creation', ''],
  ['every live flag, by name, descending', 'sortBy=name&sortOrder=desc'],
  ['every live flag, by last seen', 'sortBy=lastSeenAt'],
  ['every live flag, by production enabled', 'sortBy=environment:production'],
  ['one project', 'project=IS:proj-050'],
  ['three projects, by name', 'project=IS_ANY_OF:proj-001,proj-002,proj-003&sortBy=name'],
  ['not one project', 'project=IS_NOT:proj-050'],
  ['a tag', 'tag=INCLUDE:simple:beta'],
  ['two tags, all of', 'tag=INCLUDE_ALL_OF:simple:beta,team:team-1'],
  ['a type', 'type=IS:experiment'],
  ['stale', 'state=IS:stale'],
  ['potentially stale', 'state=IS:potentially-stale'],
  ['archived', 'archived=IS:true'],
  ['enabled in production', 'status=production:enabled'],
  ['lifecycle live, by type', 'lifecycle=IS:live&sortBy=type'],
  ['created by', 'createdBy=IS:0'],
  ['created before a day', 'createdAt=IS_BEFORE:2026-01-01'],
  ['project + type + enabled', 'project=IS:proj-050&type=IS:release&status=development:enabled'],
  ['text, one flag', 'query=proj-042-feature-000012'],
  ['text, a project name (many)', 'query=project 050'],
  ['text, two words', 'query=feature-00001,feature-00002'],
  ['text + tag', 'query=benchmark&tag=INCLUDE:simple:payments'],
];

/** `--calls 0`: the open figures only. */
class Skip extends Error {}

const spec = args.quick ? DATA_SETS['large-quick'] : DATA_SETS.large;
const { dir: cached, info } = await ensureDataSet(spec);
const dir = await copyDataSet(cached);
const rows: string[] = [];
try {
  // Opening: until the storage resolves, then until a flag's events answer.
  const openMs: number[] = [];
  const featureEventsMs: number[] = [];
  for (let n = 0; n < opens; n++) {
    const started = performance.now();
    const storage = await lowdbStorage({ dir });
    openMs.push(performance.now() - started);
    await storage.read((tx) => tx.events({ feature: info.feature, limit: 50 }));
    featureEventsMs.push(performance.now() - started);
    await storage.close();
    process.stderr.write(`open ${n + 1}: ${openMs.at(-1)!.toFixed(0)} ms, a flag's events at ${featureEventsMs.at(-1)!.toFixed(0)} ms\n`);
  }
  rows.push(`| open the data directory (${opens} runs) | ${openMs.map((m) => m.toFixed(0)).join(' / ')} ms |`);
  rows.push(`| open, then a flag's first events answered | ${featureEventsMs.map((m) => m.toFixed(0)).join(' / ')} ms |`);

  const storage = await lowdbStorage({ dir });
  try {
    if (calls === 0) throw new Skip();
    const admin = createAdmin({ storage });
    await admin.context.ready();
    const search = (q: string) => admin.searchFeatures(SYSTEM_PRINCIPAL, { query: new URLSearchParams(q) });
    const first = performance.now();
    await search('bench=first');
    rows.push(`| the first search (builds the index from every flag) | ${(performance.now() - first).toFixed(0)} ms |`);
    const kept: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await admin.listProjects(SYSTEM_PRINCIPAL);
      kept.push(performance.now() - t);
    }
    rows.push(`| \`listProjects\` (answer kept per revision) | p50 ${median(kept).toFixed(3)} ms |`);
    const random = rng(7);
    let call = 0;
    for (const [label, query] of SEARCHES) {
      const { total } = await search(`${query}&bench=total`);
      const times: number[] = [];
      for (let n = 0; n < calls + 10; n++) {
        const offset = Math.floor(random() * Math.max(1, total - 50));
        const t = performance.now();
        await search(`${query}&offset=${offset}&bench=${call++}`);
        if (n >= 10) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!;
      rows.push(
        `| ${label} (\`${query || '(none)'}\`, total ${total.toLocaleString('en-US')}) | p50 ${median(times).toFixed(3)} ms, p99 ${p99.toFixed(3)} ms |`,
      );
      process.stderr.write(`${rows.at(-1)}\n`);
    }
  } catch (error) {
    if (!(error instanceof Skip)) throw error;
  } finally {
    await storage.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.stdout.write(
  `| ${spec.name}: ${spec.features.toLocaleString('en-US')} flags, ${spec.events.toLocaleString('en-US')} events | figure |\n| --- | --- |\n${rows.join('\n')}\n`,
);
