/** The OpenAPI 3.1 document, generated from the route table and the same schemas the core validates with. */
import { SCHEMAS } from '../schemas/registry';
import { TAGS, tagOf } from './openapi-tags';
import type { QueryParameter, Route } from './route';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad data',
  401: 'Authentication required',
  403: 'No access',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  412: 'Precondition failed: If-Match names another version of the feature',
  413: 'Payload too large',
  415: 'Unsupported content type',
  503: 'The storage does not answer; try again shortly',
};

const PATH_PARAMETERS: Record<string, string> = {
  projectId: 'The project id',
  featureName: 'The feature name',
  environment: 'The environment name',
  strategyId: 'The strategy id',
  id: 'The numeric id',
  parent: 'The name of the parent feature',
  token: "The key's id, or its secret (as Unleash names keys); for GET, the keys' name",
  contextField: 'The context field name',
  legalValue: 'The legal value',
};

/** `$ref: "tag"` (an ajv schema id) → `$ref: "#/components/schemas/tag"`; `$id` dropped. */
function toComponent(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponent);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$id') continue;
    out[k] = k === '$ref' && typeof v === 'string' && !v.startsWith('#') ? `#/components/schemas/${v}` : toComponent(v);
  }
  return out;
}

function queryParameter(q: QueryParameter): Record<string, unknown> {
  const schema = q.repeated ? { type: 'array', items: { type: 'string' } } : { type: 'string' };
  return {
    name: q.name,
    in: 'query',
    required: false,
    description: q.description,
    schema,
    ...(q.repeated ? { style: 'form', explode: true } : {}),
  };
}

const ref = (kind: 'schemas' | 'headers' | 'parameters', id: string) => ({ $ref: `#/components/${kind}/${id}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

/** Headers and header parameters every operation or the conditional ones share. */
const COMPONENT_HEADERS = {
  RequestId: {
    description: "The request's id: the incoming x-request-id when valid, else a generated UUID; an error's `id` is the same",
    schema: { type: 'string' },
  },
  ETag: {
    description: 'The feature\'s version (a strong tag such as "3"), for If-Match on the next write or If-None-Match on the next read',
    schema: { type: 'string' },
  },
};
const COMPONENT_PARAMETERS = {
  RequestId: {
    name: 'x-request-id',
    in: 'header',
    required: false,
    description: 'Kept as the request id (answer header, error id, log line) when it is 1 to 128 printable ASCII characters without spaces',
    schema: { type: 'string', maxLength: 128, pattern: '^[\\x21-\\x7e]+$' },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: 'Apply only if the feature is at this ETag (or `*`: exists); else 412',
    schema: { type: 'string' },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'Answer 304 without a body when the ETag still matches',
    schema: { type: 'string' },
  },
};

const requestIdHeader = { 'x-request-id': ref('headers', 'RequestId') };

function responsesOf(route: Route): Record<string, unknown> {
  const successHeaders = route.etag ? { ...requestIdHeader, ETag: ref('headers', 'ETag') } : requestIdHeader;
  const responses: Record<string, unknown> = {
    [route.response.status]: {
      description: 'Success',
      headers: successHeaders,
      ...(route.response.schema ? { content: json(ref('schemas', route.response.schema)) } : {}),
    },
  };
  if (route.etag === 'if-none-match')
    responses['304'] = { description: 'Not modified: the If-None-Match ETag is current', headers: successHeaders };
  const errors = route.auth === 'none' ? route.errors : [401, 403, ...route.errors];
  const error = (description: string) => ({ description, headers: requestIdHeader, content: json(ref('schemas', 'error')) });
  for (const status of errors) responses[status] = error(STATUS_TEXT[status] ?? 'Error');
  if (!errors.some((status) => status >= 400 && status < 500))
    responses['4XX'] = error('A malformed request (an invalid URL or Host header)');
  return responses;
}

function parametersOf(route: Route): Record<string, unknown>[] {
  const parameters: Record<string, unknown>[] = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    description: PATH_PARAMETERS[m[1]!] ?? m[1],
    schema: { type: 'string' },
  }));
  for (const q of route.query ?? []) parameters.push(queryParameter(q));
  if (route.etag === 'if-match') parameters.push(ref('parameters', 'IfMatch'));
  if (route.etag === 'if-none-match') parameters.push(ref('parameters', 'IfNoneMatch'));
  parameters.push(ref('parameters', 'RequestId'));
  return parameters;
}

export function openApiDocument(routes: readonly Route[]): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const openPath = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
    (paths[openPath] ??= {})[route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [tagOf(route.path)],
      parameters: parametersOf(route),
      ...(route.request ? { requestBody: { required: true, content: json(ref('schemas', route.request)) } } : {}),
      responses: responsesOf(route),
      ...(route.auth === 'none' ? { security: [] } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'flagadmin',
      version: '1',
      description:
        'A compatible subset of the Unleash admin API, plus the client API that Unleash SDKs use. Keys go in the ' +
        'Authorization header (`<secret>` or `Bearer <secret>`); every error is `{id, name, message, details?}`.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative to where this document is served (`<base>/docs/openapi.json`): the instance's base, under a base path too.
    servers: [{ url: '..', description: 'The flagadmin instance serving this document' }],
    tags: TAGS,
    paths,
    components: {
      schemas: Object.fromEntries(SCHEMAS.map((s) => [s.$id, toComponent(s)])),
      headers: COMPONENT_HEADERS,
      parameters: COMPONENT_PARAMETERS,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'An API key: `<secret>` or `Bearer <secret>`' },
      },
    },
    security: [{ apiKey: [] }],
  };
}
