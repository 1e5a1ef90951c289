/**
 * Core's folders are layers (packages/core/README.md, "Layers"): a file imports from its own folder or
 * from a folder below it, never from one above. A new upward import fails here, naming the file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const src = fileURLToPath(new URL('../packages/core/src/', import.meta.url));

/** Bottom to top; `.` is the entry files at the root of src (index.ts, admin.ts, ...). */
export const CORE_LAYERS = [
  'generated',
  'base',
  'schemas',
  'documents',
  'runtime',
  'rules',
  'writes',
  'change-requests',
  'operations',
  'admin',
  'http',
  '.',
];

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(relative(src, path));
  }
  return out;
}

const layerOf = (file: string): string => dirname(file).split('/')[0]!;
const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']*)'/g;

test('every folder of core/src is a layer of the list', () => {
  const folders = readdirSync(src).filter((n) => statSync(join(src, n)).isDirectory());
  for (const folder of folders) assert.ok(CORE_LAYERS.includes(folder), `${folder}/ is in no layer: add it to CORE_LAYERS and the README`);
});

test('no file imports from a layer above its own', () => {
  const upward: string[] = [];
  for (const file of sources(src)) {
    const from = CORE_LAYERS.indexOf(layerOf(file));
    for (const [, spec] of readFileSync(join(src, file), 'utf8').matchAll(IMPORT)) {
      const target = normalize(join(dirname(file), spec!));
      const to = CORE_LAYERS.indexOf(layerOf(`${target}.ts`));
      if (to > from) upward.push(`${file} -> ${target} (${CORE_LAYERS[from]} imports ${CORE_LAYERS[to]})`);
    }
  }
  assert.equal(upward, [], `upward imports:\n${upward.join('\n')}`);
});

test('the check sees an upward import', () => {
  const file = 'base/errors.ts';
  const target = normalize(join(dirname(file), '../http/route'));
  assert.ok(CORE_LAYERS.indexOf(layerOf(`${target}.ts`)) > CORE_LAYERS.indexOf(layerOf(file)));
});

test.run();
