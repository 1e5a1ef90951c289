/**
 * Core's README map names every layer folder and every source file, so a new engineer finds each one
 * from the map: a file added without a line there fails here, naming it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CORE_SRC, coreFolders, coreSources } from './helpers/core-sources';

const readme = readFileSync(join(CORE_SRC, '..', 'README.md'), 'utf8');
const map = readme.slice(readme.indexOf('## Map of the code'), readme.indexOf('\n## ', readme.indexOf('## Map of the code') + 1));

const camelCase = (kebab: string): string => kebab.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * The map names a file by its path, or by its name in a row that names its folder; an operation's file
 * (`operations/<x>.ts`, as the map says) is found by its operation's name in the README's tables.
 */
function named(file: string): boolean {
  if (map.includes(`\`${file}\``)) return true;
  const operation = /^operations\/([a-z-]+)\.ts$/.exec(file)?.[1];
  if (operation) return readme.includes(`\`${camelCase(operation)}\``);
  const slash = file.lastIndexOf('/');
  if (slash === -1) return false;
  const folder = file.slice(0, slash + 1);
  const name = file.slice(slash + 1);
  return map.split('\n').some((row) => row.includes(`\`${name}\``) && row.includes(folder));
}

test('the map names every folder of src', () => {
  const folders = coreFolders();
  assert.equal(
    folders.filter((f) => !map.includes(`\`${f}/\``)),
    [],
  );
});

test('the map names every source file', () => {
  assert.ok(map.length > 1000, 'the map section is found');
  assert.equal(
    coreSources().filter((f) => !named(f)),
    [],
  );
});

test('a file the map does not name is found', () => {
  assert.not.ok(named('runtime/no-such-file.ts'));
});

test.run();
