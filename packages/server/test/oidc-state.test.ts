// The sealed sign-in record: opened by any process with the same client secret (several bins on one
// database), by nothing else; refused once expired, changed, or with its tag shortened; each state good once.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loginRecords, type LoginRecord } from '../src/oidc-state';

const test = suite('the sealed sign-in record');
const NOW = Date.UTC(2026, 0, 1);
const record: LoginRecord = {
  state: 'state-1',
  nonce: 'nonce-1',
  verifier: 'verifier-1',
  redirectUri: 'https://flags.example.com/auth/oidc/callback',
  expiresAt: NOW + 600_000,
};

test('another process with the same secret opens it; another secret does not; nothing of it is readable', () => {
  const sealed = loginRecords('secret-a').seal(record);
  assert.equal(loginRecords('secret-a').open(sealed, NOW), record);
  assert.is(loginRecords('secret-b').open(sealed, NOW), null);
  for (const value of Object.values(record)) assert.not.ok(sealed.includes(String(value)), String(value));
});

test('expired, changed, shortened or malformed: refused', () => {
  const records = loginRecords('secret-a');
  const sealed = records.seal(record);
  assert.is(records.open(sealed, record.expiresAt), null, 'expired');
  const [iv, tag, body] = sealed.split('.') as [string, string, string];
  const flip = (text: string) => `${text.slice(0, -2)}${text.endsWith('AA') ? 'BB' : 'AA'}`;
  assert.is(records.open(`${iv}.${tag}.${flip(body)}`, NOW), null, 'body changed');
  assert.is(records.open(`${iv}.${flip(tag)}.${body}`, NOW), null, 'tag changed');
  const short = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');
  assert.is(records.open(`${iv}.${short}.${body}`, NOW), null, 'a 4-byte tag');
  for (const bad of ['', 'a.b', 'a.b.c', `${sealed}.x`, 'x'.repeat(3000)]) assert.is(records.open(bad, NOW), null, bad.slice(0, 20));
});

test('each state is good once', () => {
  const records = loginRecords('secret-a');
  assert.ok(records.consume(record, NOW));
  assert.not.ok(records.consume(record, NOW));
  assert.ok(records.consume({ ...record, state: 'state-2' }, NOW));
});

test.run();
