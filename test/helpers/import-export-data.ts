// A small realistic data set for import and export tests, written through the admin API paths that
// flagadmin and Unleash 8.2.0 share (so the same seed runs against either), and the comparison of admin
// documents with ids and timestamps left out.

export type Call = (path: string, method: string, body?: unknown) => Promise<Response>;

const FEATURES = '/api/admin/projects/default/features';

/** The body of a successful answer (parsed, null when empty), or an error naming `what`. */
export async function ok<T = any>(response: Promise<Response>, what: string): Promise<T> {
  const r = await response;
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A `Call` on the admin API at `base` with `key`. */
export const caller =
  (base: string, key: string): Call =>
  (path, method, body) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

/** The segment the data set's strategies use (an import needs it to exist: segments are not imported). */
export async function seedSegment(call: Call): Promise<number> {
  const segment = (await ok(
    call('/api/admin/segments', 'POST', {
      name: 'beta-users',
      description: 'Users in the beta',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2', '3'] }],
    }),
    'segment',
  )) as { id: number };
  return segment.id;
}

/**
 * Two flags in `default`: `checkout` (a rollout with constraints on a context field with legal values, the
 * segment, strategy variants, a second strategy, environment variants, a tag of a new type, on in
 * development) and `checkout-banner` (an experiment depending on it).
 */
export async function seedFlags(call: Call, segmentId: number): Promise<void> {
  await ok(
    call('/api/admin/context', 'POST', {
      name: 'region',
      description: 'Where the user is',
      legalValues: [{ value: 'eu' }, { value: 'us', description: 'United States' }],
      stickiness: true,
    }),
    'context field',
  );
  await ok(call('/api/admin/tag-types', 'POST', { name: 'team', description: 'Owning team' }), 'tag type');
  await ok(call(FEATURES, 'POST', { name: 'checkout', type: 'release', description: 'New checkout' }), 'checkout');
  await ok(call(FEATURES, 'POST', { name: 'checkout-banner', type: 'experiment', impressionData: true }), 'banner');
  const env = `${FEATURES}/checkout/environments/development`;
  await ok(
    call(`${env}/strategies`, 'POST', {
      name: 'flexibleRollout',
      title: 'EU and US',
      parameters: { rollout: '50', stickiness: 'region', groupId: 'checkout' },
      constraints: [
        { contextName: 'region', operator: 'IN', values: ['eu', 'us'], caseInsensitive: false, inverted: false },
        { contextName: 'appName', operator: 'STR_STARTS_WITH', values: ['web'], caseInsensitive: true, inverted: false },
      ],
      segments: [segmentId],
      variants: [{ name: 'fast', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'f' } }],
    }),
    'strategy',
  );
  await ok(call(`${env}/strategies`, 'POST', { name: 'default', parameters: {}, constraints: [], disabled: true }), 'second strategy');
  await ok(
    call(`${env}/variants`, 'PUT', [
      { name: 'blue', weight: 500, weightType: 'variable', stickiness: 'default', payload: { type: 'json', value: '{"c":1}' } },
      { name: 'green', weight: 500, weightType: 'variable', stickiness: 'default' },
    ]),
    'variants',
  );
  await ok(call('/api/admin/features/checkout/tags', 'POST', { type: 'team', value: 'payments' }), 'tag');
  await ok(call(`${env}/on`, 'POST'), 'on');
  await ok(call(`${FEATURES}/checkout-banner/dependencies`, 'POST', { feature: 'checkout', enabled: true, variants: [] }), 'dependency');
}

/**
 * A third flag in `default`, `pricing` (after `seedFlags`: it names its context field): on in both
 * environments, its strategies' constraints of more operators (NUM_GT, NUM_LTE, NOT_IN, STR_ENDS_WITH,
 * STR_CONTAINS inverted, DATE_AFTER), strategy variants sticky on userId, a rollout sticky on sessionId with
 * the segment, and in production a constrained default strategy.
 */
export async function seedPricing(call: Call, segmentId: number): Promise<void> {
  await ok(call(FEATURES, 'POST', { name: 'pricing', type: 'operational', description: 'Price display' }), 'pricing');
  const env = (name: string) => `${FEATURES}/pricing/environments/${name}`;
  await ok(
    call(`${env('development')}/strategies`, 'POST', {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: 'pricing' },
      constraints: [
        { contextName: 'userId', operator: 'NUM_GT', value: '1', inverted: false, caseInsensitive: false },
        { contextName: 'userId', operator: 'NUM_LTE', value: '5', inverted: false, caseInsensitive: false },
        { contextName: 'region', operator: 'NOT_IN', values: ['us'], inverted: false, caseInsensitive: false },
        { contextName: 'sessionId', operator: 'STR_ENDS_WITH', values: ['1', '4', '7'], inverted: false, caseInsensitive: false },
        { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2020-01-01T00:00:00.000Z', inverted: false, caseInsensitive: false },
      ],
      variants: [
        { name: 'monthly', weight: 500, weightType: 'variable', stickiness: 'userId', payload: { type: 'string', value: 'm' } },
        { name: 'yearly', weight: 500, weightType: 'variable', stickiness: 'userId' },
      ],
    }),
    'pricing strategy',
  );
  await ok(
    call(`${env('development')}/strategies`, 'POST', {
      name: 'flexibleRollout',
      parameters: { rollout: '40', stickiness: 'sessionId', groupId: 'pricing-sessions' },
      constraints: [{ contextName: 'appName', operator: 'STR_CONTAINS', values: ['ADMIN'], inverted: true, caseInsensitive: true }],
      segments: [segmentId],
    }),
    'pricing second strategy',
  );
  await ok(
    call(`${env('production')}/strategies`, 'POST', {
      name: 'default',
      parameters: {},
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['4', '5', '6'], inverted: false, caseInsensitive: false }],
    }),
    'pricing production strategy',
  );
  for (const name of ['development', 'production']) await ok(call(`${env(name)}/on`, 'POST'), `pricing on in ${name}`);
}

const DROPPED = new Set(['id', 'createdAt', 'lastSeenAt', 'enteredStageAt', 'createdBy', 'createdByUserId', 'version', 'segmentId']);

/** The value without ids, timestamps and creators, at any depth. */
export function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!DROPPED.has(k)) out[k] = withoutIds(v);
  return out;
}

/** What the data set's import must reproduce: the two flags' admin documents, the context field and the tags. */
export async function adminDocuments(get: (path: string) => Promise<unknown>): Promise<unknown> {
  return withoutIds({
    checkout: await get(`${FEATURES}/checkout`),
    banner: await get(`${FEATURES}/checkout-banner`),
    region: await get('/api/admin/context/region'),
    tags: await get('/api/admin/features/checkout/tags'),
  });
}
