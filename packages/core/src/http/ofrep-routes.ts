/**
 * OpenFeature's Remote Evaluation Protocol (OFREP v1), read by the OpenFeature OFREP providers (server
 * and web) with any key in `Authorization`. Errors of a request's body or context are OFREP's shape
 * (`{key, errorCode, errorDetails}`): PARSE_ERROR for a body that is no JSON object, INVALID_CONTEXT
 * for a context that is not one (a field that is an object or a list, too many properties),
 * FLAG_NOT_FOUND (404) for a flag the key does not see.
 */
import { toAdminError } from '../base/errors';
import { ifNoneMatchHits } from '../base/etag';
import type { Limits } from '../base/limits';
import { contextFromBody, type ContextRules, type SdkContext } from '../rules/sdk-context';
import { JsonText, type Route, type RouteInput, type RouteResult } from './route';

const OFREP_CONTEXT: ContextRules = { what: 'evaluation context', targetingKey: true, primitivesAsText: true };

type ErrorCode = 'PARSE_ERROR' | 'INVALID_CONTEXT' | 'FLAG_NOT_FOUND' | 'GENERAL';

const failure = (status: number, errorCode: ErrorCode, errorDetails: string, key?: string): RouteResult => ({
  status,
  body: { ...(key === undefined ? {} : { key }), errorCode, errorDetails },
});

/** The request's context, or the OFREP failure to answer instead. */
async function readContext(input: RouteInput, limits: Limits, key?: string): Promise<SdkContext | RouteResult> {
  let body: unknown;
  try {
    body = await input.json();
  } catch (caught) {
    const error = toAdminError(caught);
    if (error.status !== 400 && error.status !== 413 && error.status !== 415) throw caught;
    return failure(error.status, 'PARSE_ERROR', error.message, key);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return failure(400, 'PARSE_ERROR', 'The request body must be a JSON object: {"context": {...}}.', key);
  }
  try {
    return contextFromBody((body as { context?: unknown }).context, limits, OFREP_CONTEXT);
  } catch (caught) {
    const error = toAdminError(caught);
    if (error.name === 'BadDataError') return failure(400, 'INVALID_CONTEXT', error.message, key);
    throw caught;
  }
}

const isFailure = (value: SdkContext | RouteResult): value is RouteResult => 'status' in value;

export const OFREP_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/ofrep/v1/evaluate/flags/:key',
    summary: 'Evaluate one flag for a context (OpenFeature Remote Evaluation Protocol; any key)',
    operationId: 'ofrepEvaluateFlag',
    description:
      "The context's targetingKey is Unleash's userId; other fields as the Unleash context (non-standard ones are properties). " +
      'How an Unleash flag maps to a value, a variant and a reason: packages/core/README.md, OFREP. ' +
      "A 400 or 404 is OFREP's {key, errorCode, errorDetails} (PARSE_ERROR, INVALID_CONTEXT, FLAG_NOT_FOUND).",
    auth: 'any',
    request: 'ofrepRequest',
    response: { status: 200, schema: 'ofrepEvaluation' },
    errors: [400, 404, 413, 415],
    async run(admin, input) {
      const key = input.params['key']!;
      const context = await readContext(input, admin.context.limits, key);
      if (isFailure(context)) return context;
      try {
        return { status: 200, body: await admin.evaluateOfrepFlag(input.principal, { key, context }) };
      } catch (caught) {
        const error = toAdminError(caught);
        if (error.name === 'NotFoundError') return failure(404, 'FLAG_NOT_FOUND', error.message, key);
        throw caught;
      }
    },
  },
  {
    method: 'POST',
    path: '/ofrep/v1/evaluate/flags',
    summary: 'Evaluate every flag of the key for a context (OFREP bulk evaluation; any key)',
    operationId: 'ofrepEvaluateFlags',
    description: 'With If-None-Match set to the last ETag, a 304 without a body while the answer for this context is the same.',
    etag: 'if-none-match',
    auth: 'any',
    request: 'ofrepRequest',
    response: { status: 200, schema: 'ofrepBulkEvaluation' },
    errors: [400, 413, 415],
    async run(admin, input) {
      const context = await readContext(input, admin.context.limits);
      if (isFailure(context)) return context;
      const answer = await admin.evaluateOfrepFlags(input.principal, { context });
      const headers = { etag: answer.etag, 'cache-control': 'no-cache' };
      if (ifNoneMatchHits(input.headers.get('if-none-match'), answer.etag)) return { status: 304, body: null, headers };
      return { status: 200, body: new JsonText(answer.text), headers };
    },
  },
];
