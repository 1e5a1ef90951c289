/**
 * Core's folders are layers (packages/core/README.md, "Layers"): a file imports from its own folder or
 * from a folder below it, never from one above. A new upward import fails here, naming the file.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CORE_SRC as src, coreFolders, coreSources as sources } from './helpers/core-sources';

/** Bottom to top; `.` is the entry files at the root of src (index.ts, operations.ts, flagadmin.ts). */
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

const layerOf = (file: string): string => dirname(file).split('/')[0]!;
const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']*)'/g;

test('every folder of core/src is a layer of the list', () => {
  const folders = coreFolders();
  for (const folder of folders) assert.ok(CORE_LAYERS.includes(folder), `${folder}/ is in no layer: add it to CORE_LAYERS and the README`);
});

test('no file imports from a layer above its own', () => {
  const upward: string[] = [];
  for (const file of sources()) {
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
