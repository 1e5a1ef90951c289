/** The frontend API: what browser and mobile SDKs (unleash-proxy-client and those built on it) call with frontend keys. */
import { ifNoneMatchHits } from '../base/etag';
import { callerAddress, contextFromBody, contextFromQuery, ROOT_FIELDS, type SdkContext } from '../rules/sdk-context';
import type { EvaluatedAnswer } from '../runtime/caches';
import type { Admin } from '../admin/admin';
import { assertValid } from '../schemas/validation';
import { JsonText, type Route, type RouteInput, type RouteResult } from './route';

const clientHints = (input: RouteInput) => ({
  sdkVersion: input.headers.get('unleash-sdk'),
  instanceId: input.headers.get('unleash-instanceid'),
});

/** The context with the caller's address as `remoteAddress` when it names none. */
function withAddress(parsed: SdkContext, input: RouteInput): SdkContext {
  if (parsed.context.remoteAddress) return parsed;
  const address = callerAddress(input.headers.get('x-forwarded-for'), input.remoteAddress);
  if (!address) return parsed;
  const context = { ...parsed.context, remoteAddress: address };
  return { context, key: `${parsed.key} ${JSON.stringify(address)}` };
}

async function evaluated(admin: Admin, input: RouteInput, context: SdkContext): Promise<RouteResult> {
  const answer: EvaluatedAnswer = await admin.getFrontendFeatures(input.principal, { context: withAddress(context, input) });
  const headers = { etag: answer.etag, 'cache-control': 'no-cache' };
  if (ifNoneMatchHits(input.headers.get('if-none-match'), answer.etag)) return { status: 304, body: null, headers };
  return { status: 200, body: new JsonText(answer.text), headers };
}

const ETAG_NOTE =
  'With If-None-Match set to the last ETag, a 304 without a body while the answer for this context is the same. ' +
  'A context without sessionId gets a random one, as Unleash gives it; remoteAddress defaults to the caller (the first X-Forwarded-For entry, else the peer).';

export const FRONTEND_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/frontend',
    summary: 'The flags that are on for the context in the query (frontend keys; admin keys too)',
    operationId: 'getFrontendFeatures',
    description: `Context from query parameters: userId, sessionId, remoteAddress, appName, environment, currentTime, properties[<name>]=<value>; any other parameter is a property. ${ETAG_NOTE}`,
    etag: 'if-none-match',
    auth: 'frontend',
    response: { status: 200, schema: 'frontendFeatures' },
    errors: [400],
    query: ROOT_FIELDS.map((name) => ({ name, description: `The context's ${name}` })),
    run: (admin, input) => evaluated(admin, input, contextFromQuery(input.query, admin.context.limits)),
  },
  {
    method: 'POST',
    path: '/api/frontend',
    summary: 'The flags that are on for the context in the body (frontend keys; admin keys too)',
    operationId: 'getFrontendApiFeaturesWithPost',
    description: `The body: {context}; any field of the context besides the standard ones is a property. ${ETAG_NOTE}`,
    etag: 'if-none-match',
    auth: 'frontend',
    request: 'frontendFeaturesPost',
    response: { status: 200, schema: 'frontendFeatures' },
    errors: [400, 413, 415],
    async run(admin, input) {
      const body = await input.json();
      assertValid<{ context?: unknown }>('frontendFeaturesPost', body, 'request body');
      return evaluated(admin, input, contextFromBody(body.context, admin.context.limits));
    },
  },
  {
    method: 'POST',
    path: '/api/frontend/client/metrics',
    summary: "A browser SDK's usage counts (frontend keys)",
    operationId: 'registerFrontendMetrics',
    auth: 'frontend',
    request: 'clientMetrics',
    response: { status: 200 },
    errors: [400, 413, 415],
    async run(admin, input) {
      await admin.recordFrontendMetrics(input.principal, { body: await input.json(), hints: clientHints(input) });
      return { status: 200, body: null };
    },
  },
  {
    method: 'POST',
    path: '/api/frontend/client/register',
    summary: 'A browser SDK registers (frontend keys; kept nowhere, as Unleash)',
    operationId: 'registerFrontendClient',
    auth: 'frontend',
    request: 'frontendClientRegister',
    response: { status: 200 },
    errors: [400, 413, 415],
    async run(admin, input) {
      await admin.registerFrontendClient(input.principal, { body: await input.json() });
      return { status: 200, body: null };
    },
  },
];
