/** The client API's routes: what Unleash SDKs call with client keys. */
import { ifNoneMatchHits } from '../base/etag';
import { callerAddress } from '../rules/sdk-context';
import { accepted, ok, type HeaderReader, type Route } from './route';

/** What an SDK's headers and connection say of it: its SDK, its instance, and its address (X-Forwarded-For first, else the peer). */
const clientHints = (h: HeaderReader, peer: string | undefined) => ({
  sdkVersion: h.get('unleash-sdk'),
  instanceId: h.get('unleash-instanceid'),
  clientIp: callerAddress(h.get('x-forwarded-for'), peer)?.slice(0, 100) ?? null,
});

/** The client API that Unleash SDKs use (client keys). */
export const CLIENT_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/client/features',
    summary: "The features of the key's projects and environment, in Unleash's client format (client keys)",
    operationId: 'getAllClientFeatures',
    description: 'With If-None-Match set to the last ETag, a 304 without a body while nothing the key reads has changed.',
    etag: 'if-none-match',
    auth: 'client',
    response: { status: 200, schema: 'clientFeatures' },
    errors: [],
    query: [
      { name: 'project', description: "Only features of these projects (within the key's scope)", repeated: true },
      { name: 'namePrefix', description: 'Only features whose name starts with this' },
    ],
    async run(admin, { principal, query, headers }) {
      const { body, etag } = await admin.getClientFeatures(principal, {
        project: query.getAll('project'),
        namePrefix: query.get('namePrefix'),
        clientSpec: headers.get('unleash-client-spec'),
      });
      if (ifNoneMatchHits(headers.get('if-none-match'), etag)) return { status: 304, body: null, headers: { etag } };
      return ok(body, { etag });
    },
  },
  {
    method: 'POST',
    path: '/api/client/register',
    summary: 'Register an SDK instance (client keys)',
    operationId: 'registerClientApplication',
    auth: 'client',
    request: 'clientRegister',
    response: { status: 202 },
    errors: [400, 413, 415],
    async run(admin, { principal, headers, json, remoteAddress }) {
      await admin.registerClient(principal, { body: await json(), hints: clientHints(headers, remoteAddress) });
      return accepted;
    },
  },
  {
    method: 'POST',
    path: '/api/client/metrics',
    summary: 'Report feature usage metrics (client keys)',
    operationId: 'registerClientMetrics',
    auth: 'client',
    request: 'clientMetrics',
    response: { status: 202 },
    errors: [400, 413, 415],
    async run(admin, { principal, headers, json, remoteAddress }) {
      await admin.recordMetrics(principal, { body: await json(), hints: clientHints(headers, remoteAddress) });
      return accepted;
    },
  },
];
