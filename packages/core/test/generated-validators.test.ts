// The validators core ships are generated from its schemas ahead of time (scripts/generate-validators.ts):
// the checked-in module must be exactly what the schemas give today.
import { readFile } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { GENERATED_VALIDATORS_PATH, validatorsSource } from '../scripts/generate-validators';

const test = suite('generated validators');

test('src/generated/validators.ts is up to date with src/schemas/ (else: pnpm --filter @flagadmin/core generate)', async () => {
  const checkedIn = await readFile(GENERATED_VALIDATORS_PATH, 'utf8');
  assert.ok(checkedIn === validatorsSource(), 'out of date: run `pnpm --filter @flagadmin/core generate`');
});

test('the generated module compiles nothing and imports nothing', async () => {
  const checkedIn = await readFile(GENERATED_VALIDATORS_PATH, 'utf8');
  assert.not.match(checkedIn, /\bnew Function\b|\beval\(|\brequire\(|^import /m);
});

test.run();
