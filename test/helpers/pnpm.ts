// The pnpm that runs the tests: under `pnpm test` its script environment names it (npm_execpath);
// when a test file runs on its own, pnpm 10 is found through npx once.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let found: string | undefined;

/** The path of pnpm's JavaScript entry (run it with process.execPath). */
export function pnpmPath(): string {
  if (found) return found;
  const own = process.env['npm_execpath'];
  if (own?.includes('pnpm')) return (found = own);
  const dir = mkdtempSync(join(tmpdir(), 'flagadmin-pnpm-'));
  try {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'which-pnpm', private: true, scripts: { which: 'node -p process.env.npm_execpath' } }),
    );
    found = execFileSync('npx', ['-y', 'pnpm@10', 'run', '-s', 'which'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
