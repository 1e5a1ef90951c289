// IN_CIDR (IPv4 and IPv6) and the remoteAddress strategy: edge cases, each also judged by unleash-client.
import type { EvaluationConstraint } from '@flagadmin/evaluation';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { constraintHolds, sdkConstraintHolds, sdkRemoteAddress, strategyHolds } from './helpers';

const cidr = (values: string[], inverted = false): EvaluationConstraint => ({
  contextName: 'remoteAddress',
  operator: 'IN_CIDR',
  values,
  inverted,
});

const CASES: [string, string[], string | undefined, boolean][] = [
  // [what, ranges, address, expected]
  ['v4 exact address', ['10.1.2.3'], '10.1.2.3', true],
  ['v4 /32 is one address', ['10.1.2.3/32'], '10.1.2.4', false],
  ['v4 /24 includes its first address', ['192.168.1.0/24'], '192.168.1.0', true],
  ['v4 /24 includes its last address', ['192.168.1.0/24'], '192.168.1.255', true],
  ['v4 /24 excludes the next one', ['192.168.1.0/24'], '192.168.2.0', false],
  ['v4 range given by a host address inside it', ['192.168.1.77/24'], '192.168.1.5', true],
  ['v4 /0 includes everything v4', ['0.0.0.0/0'], '203.0.113.9', true],
  ['v4 prefix over 32 is invalid', ['10.0.0.0/33'], '10.0.0.1', false],
  ['v4 octet over 255 is invalid', ['10.0.0.256'], '10.0.0.1', false],
  ['v4 address that is no address', ['10.0.0.0/8'], '10.0.0', false],
  ['spaces around an entry are trimmed', ['  10.0.0.0/8 '], '10.9.9.9', true],
  ['empty entries are skipped', ['', '10.0.0.0/8'], '10.9.9.9', true],
  ['invalid entries are skipped', ['nonsense', '300.1.1.1/8', '10.0.0.0/8'], '10.9.9.9', true],
  ['v6 exact, compressed and full forms alike', ['2001:db8::1'], '2001:0db8:0000:0000:0000:0000:0000:0001', true],
  ['v6 upper-case hex', ['2001:DB8::/32'], '2001:db8:ffff::1', true],
  ['v6 /128 is one address', ['2001:db8::1/128'], '2001:db8::2', false],
  ['v6 /64 includes its last address', ['2001:db8:0:1::/64'], '2001:db8:0:1:ffff:ffff:ffff:ffff', true],
  ['v6 /64 excludes the next one', ['2001:db8:0:1::/64'], '2001:db8:0:2::', false],
  ['v6 ::/0 includes everything v6', ['::/0'], 'fe80::1', true],
  ['v6 prefix over 128 is invalid', ['2001:db8::/129'], '2001:db8::1', false],
  ['v6 loopback', ['::1'], '::1', true],
  ['a v4 address is not in a v6 range', ['::/0'], '10.0.0.1', false],
  ['a v6 address is not in a v4 range', ['0.0.0.0/0'], '2001:db8::1', false],
  ['a v4-mapped v6 address is v6: not in the v4 range', ['10.0.0.0/8'], '::ffff:10.0.0.1', false],
  ['a v4-mapped v6 address is in the v4-mapped v6 range', ['::ffff:10.0.0.0/104'], '::ffff:10.0.0.1', true],
  ['no address in the context', ['0.0.0.0/0', '::/0'], undefined, false],
  ['an empty address', ['0.0.0.0/0'], '', false],
];

test('IN_CIDR: IPv4 and IPv6 edge cases, as unleash-client answers them', () => {
  for (const [what, values, remoteAddress, expected] of CASES) {
    const context = remoteAddress === undefined ? {} : { remoteAddress };
    assert.is(constraintHolds(cidr(values), context), expected, what);
    assert.is(sdkConstraintHolds(cidr(values), context), expected, `unleash-client: ${what}`);
  }
});

test('IN_CIDR inverted: the opposite, a missing address included', () => {
  assert.is(constraintHolds(cidr(['10.0.0.0/8'], true), { remoteAddress: '10.1.1.1' }), false);
  assert.is(constraintHolds(cidr(['10.0.0.0/8'], true), { remoteAddress: '11.1.1.1' }), true);
  assert.is(constraintHolds(cidr(['10.0.0.0/8'], true), {}), true);
});

test('IN_CIDR reads any context field, properties included', () => {
  const constraint: EvaluationConstraint = { contextName: 'clientIp', operator: 'IN_CIDR', values: ['2001:db8::/32'] };
  assert.is(constraintHolds(constraint, { properties: { clientIp: '2001:db8::5' } }), true);
});

test('remoteAddress strategy: exact entries (v4 or v6) and IPv4 ranges, as unleash-client', () => {
  const judge = new sdkRemoteAddress.default();
  const cases: [string, string | undefined, boolean][] = [
    ['10.0.0.1, 10.0.0.2', '10.0.0.2', true],
    ['192.168.0.0/16', '192.168.44.3', true],
    ['192.168.0.0/16', '192.169.0.1', false],
    ['2001:db8::1', '2001:db8::1', true],
    ['2001:db8::/32', '2001:db8::1', false],
    ['10.0.0.0/8', undefined, false],
    ['', '10.0.0.1', false],
    ['bogus,10.0.0.0/8', '10.2.3.4', true],
  ];
  for (const [IPs, remoteAddress, expected] of cases) {
    const context = remoteAddress === undefined ? {} : { remoteAddress };
    assert.is(strategyHolds({ name: 'remoteAddress', parameters: { IPs } }, context), expected, `${IPs} / ${remoteAddress}`);
    assert.is(judge.isEnabled({ IPs }, context), expected, `unleash-client: ${IPs} / ${remoteAddress}`);
  }
});

test.run();
