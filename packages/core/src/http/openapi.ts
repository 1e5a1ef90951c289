import { SCHEMAS } from '../schemas/registry';
import type { QueryParameter, Route } from './route';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad data', 401: 'Authentication required', 403: 'No access', 404: 'Not found', 405: 'Method not allowed',
  409: 'Conflict', 412: 'Precondition failed', 413: 'Payload too large', 415: 'Unsupported content type',
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
  return { name: q.name, in: 'query', required: false, description: q.description, schema, ...(q.repeated ? { style: 'form', explode: true } : {}) };
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

/** The OpenAPI 3.1 document, generated from the route table and the same schemas the core validates with. */
export function openApiDocument(routes: readonly Route[]): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const openPath = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters: Record<string, unknown>[] = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    for (const q of route.query ?? []) parameters.push(queryParameter(q));
    const responses: Record<string, unknown> = {
      [route.response.status]: {
        description: 'Success',
        ...(route.response.schema ? { content: json(ref(route.response.schema)) } : {}),
      },
    };
    const errors = route.auth === 'none' ? route.errors : [401, 403, ...route.errors];
    for (const status of errors) responses[status] = { description: STATUS_TEXT[status] ?? 'Error', content: json(ref('error')) };
    (paths[openPath] ??= {})[route.method.toLowerCase()] = {
      summary: route.summary,
      operationId: `${route.method.toLowerCase()}${openPath.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      ...(parameters.length ? { parameters } : {}),
      ...(route.request ? { requestBody: { required: true, content: json(ref(route.request)) } } : {}),
      responses,
      ...(route.auth === 'none' ? { security: [] } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'flagadmin', version: '1', description: 'A compatible subset of the Unleash admin API, plus the client API SDKs use.' },
    paths,
    components: {
      schemas: Object.fromEntries(SCHEMAS.map((s) => [s.$id, toComponent(s)])),
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'Authorization' } },
    },
    security: [{ apiKey: [] }],
  };
}
