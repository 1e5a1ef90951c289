/**
 * The package runs on any host, as core does: no node:* import, no Buffer, no process, no require.
 * (Its tsconfig's `types: []` makes such a use fail to typecheck too; this check needs no compiler.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const FORBIDDEN = [/from\s+'node:/, /import\(\s*'node:/, /\bBuffer\b/, /\bprocess\./, /\brequire\(/, /\bglobalThis\b/];

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

test('no source file uses a host-only API', () => {
  const found: string[] = [];
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of FORBIDDEN) if (pattern.test(text)) found.push(`${relative(src, file)}: ${pattern}`);
  }
  assert.equal(found, []);
});

test('the check sees a host-only use', () => {
  assert.ok(FORBIDDEN.some((p) => p.test("import { hostname } from 'node:os';")));
  assert.ok(FORBIDDEN.some((p) => p.test('const h = process.env.HOSTNAME;')));
});

test.run();
