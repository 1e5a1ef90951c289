/**
 * Unleash 8.2.0's own figure for the client specification written through an admin API: the harness of
 * test/client-specification-admin.test.ts (test/helpers/spec-through-admin.ts: the same writes, the same
 * judge, the real unleash-client) run against a real Unleash (test/helpers/unleash.ts) on a test
 * PostgreSQL server, one fresh Unleash (a fresh database) per specification file, as the test gives each
 * file a fresh flagadmin. Too slow for the default suite (Unleash migrates a database per file):
 *
 *   node --conditions=source --import tsx bench/unleash-specification.ts [--legacy-variants] [--legacy-strategies] [--files 08,16] [--jobs N]
 *
 * `--legacy-variants` turns on Unleash's `enableLegacyVariants` flag, without which Unleash 8 refuses to
 * set environment variants on a flag that has none (403 InvalidOperationError). `--legacy-strategies`
 * defines `userWithId`, `gradualRolloutUserId`, `gradualRolloutSessionId` and `gradualRolloutRandom`
 * first, as custom strategies of the same names and parameters: a fresh Unleash 8 has none of them (its
 * migrations delete them where no flag uses them), and the SDKs evaluate them by name as built-ins.
 * `--files` takes the files whose names start with the given prefixes. Prints, per file, the passed,
 * failed and excluded counts, each failure, every refused write (with Unleash's details), and the totals.
 */
import { parseArgs } from 'node:util';
import { specificationFiles, type SpecFile } from '../test/helpers/client-specification';
import { startPostgres } from '../test/helpers/postgres';
import { verdictOf } from '../test/helpers/spec-exclusions';
import { judgedCases, sdkFor, writeState, type AdminTarget } from '../test/helpers/spec-through-admin';
import { startUnleash } from '../test/helpers/unleash';

const { values: args } = parseArgs({
  options: {
    'legacy-variants': { type: 'boolean', default: false },
    'legacy-strategies': { type: 'boolean', default: false },
    files: { type: 'string' },
    jobs: { type: 'string', default: '2' },
  },
});

interface FileFigures {
  file: string;
  cases: number;
  passed: number;
  /** Cases no admin API can express (test/helpers/spec-exclusions.ts). */
  excluded: number;
  /** Cases that failed: a needed write was refused, or the SDK answered otherwise. */
  failures: string[];
  /** Every write Unleash refused: `what: status message`. */
  refusals: string[];
}

/** An Unleash error's message, with its `details` (where Unleash says what was wrong), on one line. */
function refusalText(body: string): string {
  try {
    const error = JSON.parse(body) as { message?: string; details?: { message?: string; description?: string }[] };
    const details = (error.details ?? []).map((d) => d.description ?? d.message).filter((d) => d && d !== error.message);
    return [error.message, ...details].join(' | ').replace(/\s+/g, ' ').slice(0, 400);
  } catch {
    return body.replace(/\s+/g, ' ').slice(0, 400);
  }
}

/** The strategies Unleash 4 had built in and a fresh Unleash 8 lacks, with their parameters. */
const LEGACY_STRATEGIES = [
  { name: 'userWithId', parameters: [{ name: 'userIds', type: 'list', required: true }] },
  ...['gradualRolloutUserId', 'gradualRolloutSessionId'].map((name) => ({
    name,
    parameters: [
      { name: 'percentage', type: 'percentage', required: false },
      { name: 'groupId', type: 'string', required: true },
    ],
  })),
  { name: 'gradualRolloutRandom', parameters: [{ name: 'percentage', type: 'percentage', required: false }] },
];

async function defineLegacyStrategies(target: AdminTarget): Promise<void> {
  for (const strategy of LEGACY_STRATEGIES) {
    const res = await target.send('/api/admin/strategies', {
      method: 'POST',
      headers: { authorization: target.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ ...strategy, description: `${strategy.name}, as Unleash 4 had it built in` }),
    });
    if (res.status >= 300) throw new Error(`defining ${strategy.name}: ${res.status} ${await res.text()}`);
  }
}

async function runFile(postgresUrl: string, { file, spec, state }: SpecFile): Promise<FileFigures> {
  const unleash = await startUnleash({
    postgresUrl,
    ...(args['legacy-variants'] ? { flags: { enableLegacyVariants: true } } : {}),
    log: () => undefined,
  });
  const figures: FileFigures = { file, cases: 0, passed: 0, excluded: 0, failures: [], refusals: [] };
  try {
    const target = { send: (path: string, init?: RequestInit) => fetch(`${unleash.url}${path}`, init), adminKey: unleash.adminKey };
    if (args['legacy-strategies']) await defineLegacyStrategies(target);
    const written = await writeState(target, state);
    figures.refusals = [...written.refused].map(([what, r]) => `${what}: ${r.status} ${refusalText(r.message)}`);
    const sdk = await sdkFor(unleash.url, unleash.backendKey, file);
    try {
      for (const { c, pass, got } of judgedCases(sdk, spec)) {
        figures.cases++;
        const verdict = verdictOf(file, c, state, written);
        if (verdict.kind === 'excluded') figures.excluded++;
        else if (verdict.kind === 'refused') figures.failures.push(verdict.problem);
        else if (pass()) figures.passed++;
        else figures.failures.push(`${c.description}: got ${JSON.stringify(got())}`);
      }
    } finally {
      sdk.destroy();
    }
  } finally {
    await unleash.stop();
  }
  return figures;
}

async function main(): Promise<void> {
  const postgres = await startPostgres();
  const started = performance.now();
  try {
    const prefixes = args.files?.split(',');
    const files = specificationFiles().filter((f) => !prefixes || prefixes.some((p) => f.file.startsWith(p)));
    const results: FileFigures[] = [];
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const specFile = files[next++]!;
        const figures = await runFile(postgres.url, specFile);
        results.push(figures);
        process.stderr.write(`${figures.file}: ${figures.passed} of ${figures.cases}\n`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Number(args.jobs)) }, worker));
    results.sort((a, b) => a.file.localeCompare(b.file));
    const sum = (pick: (f: FileFigures) => number) => results.reduce((n, f) => n + pick(f), 0);
    for (const f of results) {
      process.stdout.write(`${f.file}: ${f.passed} of ${f.cases} pass, ${f.excluded} excluded, ${f.failures.length} fail\n`);
      for (const failure of f.failures) process.stdout.write(`  fails: ${failure}\n`);
      for (const refusal of f.refusals) process.stdout.write(`  refused: ${refusal}\n`);
    }
    process.stdout.write(
      `Unleash 8.2.0${args['legacy-variants'] ? ' (enableLegacyVariants)' : ''}: ${sum((f) => f.passed)} of ${sum((f) => f.cases)} pass, ` +
        `${sum((f) => f.excluded)} excluded (no admin API can write them), ${sum((f) => f.failures.length)} fail ` +
        `(${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
    );
  } finally {
    await postgres.stop();
  }
}

await main();
