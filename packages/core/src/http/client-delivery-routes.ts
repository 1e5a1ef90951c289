/** The client API beyond polling: one feature, delta polling, streaming, and what Unleash Edge calls. */
import { JsonText, StreamBody, accepted, ok, type HeaderReader, type Route } from './route';

const clientHints = (h: HeaderReader) => ({ sdkVersion: h.get('unleash-sdk'), instanceId: h.get('unleash-instanceid') });

export const CLIENT_DELIVERY_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/client/features/:featureName',
    summary: 'One feature as GET /api/client/features serves it to the key (client keys)',
    operationId: 'getClientFeature',
    auth: 'client',
    response: { status: 200, schema: 'clientFeature' },
    errors: [404],
    async run(admin, { principal, params, headers }) {
      return ok(
        await admin.getClientFeature(principal, { featureName: params.featureName!, clientSpec: headers.get('unleash-client-spec') }),
      );
    },
  },
  {
    method: 'GET',
    path: '/api/client/delta',
    summary: "The changes to the key's features since the revision in If-None-Match, or all of them (client keys)",
    operationId: 'getDelta',
    description:
      'Unleash\'s delta format (`{events: [...]}`), as unleash-client reads it with `experimentalMode: {type: "polling", format: "delta"}`. ' +
      'The ETag is the revision (`"<id>"`): sent back as If-None-Match, the answer is the events since it (a hydration when it is unknown or too old), or a 304 when nothing changed.',
    etag: 'if-none-match',
    auth: 'client',
    response: { status: 200, schema: 'clientFeaturesDelta' },
    errors: [],
    query: [
      { name: 'project', description: "Only features of these projects (within the key's scope)", repeated: true },
      { name: 'namePrefix', description: 'Only features whose name starts with this' },
    ],
    async run(admin, { principal, query, headers }) {
      const delta = await admin.getClientDelta(principal, {
        project: query.getAll('project'),
        namePrefix: query.get('namePrefix'),
        ifNoneMatch: headers.get('if-none-match'),
      });
      if (!delta.changed) return { status: 304, body: null, headers: { etag: delta.etag } };
      return ok(new JsonText(delta.json), { etag: delta.etag });
    },
  },
  {
    method: 'GET',
    path: '/api/client/streaming',
    summary: "Server-sent events: the key's features on connect, then each change (client keys)",
    operationId: 'getStreaming',
    description:
      'As unleash-client reads it with `experimentalMode: {type: "streaming"}`: an `unleash-connected` event with a hydration, then an `unleash-updated` event per change ' +
      "(Unleash's delta format, the revision as the event id), and a comment line as heartbeat. 429 over the limit of open streams: the SDK then polls.",
    auth: 'client',
    response: { status: 200 },
    errors: [429, 503],
    async run(admin, { principal }) {
      const stream = await admin.openClientStream(principal);
      return {
        status: 200,
        body: new StreamBody(stream, 'text/event-stream; charset=utf-8'),
        headers: { 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/client/metrics/bulk',
    summary: 'Usage metrics and registrations of many SDKs at once, as Unleash Edge sends them (client keys)',
    operationId: 'clientBulkMetrics',
    auth: 'client',
    request: 'bulkMetrics',
    response: { status: 202 },
    errors: [400, 413, 415],
    async run(admin, { principal, headers, json }) {
      await admin.recordBulkMetrics(principal, { body: await json(), hints: clientHints(headers) });
      return accepted;
    },
  },
  {
    method: 'POST',
    path: '/edge/validate',
    summary: 'Which of these secrets are live client, backend or frontend keys, and what each reads (Unleash Edge)',
    operationId: 'getValidTokens',
    auth: 'none',
    request: 'tokenStringList',
    response: { status: 200, schema: 'validatedEdgeTokens' },
    errors: [400, 413, 415],
    async run(admin, { principal, json }) {
      return ok(await admin.validateEdgeTokens(principal, { body: await json() }));
    },
  },
];
