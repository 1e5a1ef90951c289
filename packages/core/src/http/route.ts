/** What a route is: its method and path, what it documents, its permission check and its run function. */
import type { Admin } from '../admin/admin';
import { requireAdminKey, requireClientKey, requireFrontendKey, type Principal } from '../base/auth';
import type { PublishedSchemaId as SchemaId } from '../schemas/registry';
import type { RouteAnswer } from '../runtime/caches';

/** Read access to request headers (a WHATWG `Headers` fits); names are case-insensitive. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** What a route handler gets: the decoded path parameters, the query, the principal and lazy body access. */
export interface RouteInput {
  params: Record<string, string>;
  query: URLSearchParams;
  principal: Principal;
  headers: HeaderReader;
  /** The request's path and query, or its absolute URL, as the host gave it (whether it came over https). */
  url?: string;
  /** Checks the content type (415), reads within the limit (413) and parses JSON (400). */
  json(): Promise<unknown>;
  /** The address the request came from, when the host tells it (the frontend API's default `remoteAddress`). */
  remoteAddress?: string;
}

/** What a route's run answers. */
export type RouteResult = RouteAnswer;

/** A body that is already JSON text. */
export class JsonText {
  constructor(readonly json: string) {}
}

/** A body sent as it is produced (server-sent events): never kept, never compressed. */
export class StreamBody {
  constructor(
    readonly stream: ReadableStream<Uint8Array>,
    readonly contentType: string,
  ) {}
}

/** A query parameter a route reads; every one is optional. */
export interface QueryParameter {
  name: string;
  description: string;
  /** Read with `getAll`: may be given several times (`?project=a&project=b`). */
  repeated?: boolean;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Express-style pattern: `/api/admin/projects/:projectId`. */
  path: string;
  summary: string;
  /** The OpenAPI operationId: a name, Unleash's where Unleash has the operation (`patchFeature`, `getEvents`). */
  operationId: string;
  /** Longer OpenAPI text beside the summary, when the summary does not say it all. */
  description?: string;
  /**
   * Admin or client keys; `frontend`: frontend and admin keys (the frontend API); `any`: a key of any
   * type (OFREP, read by server and browser SDKs alike); `none` for public routes (health, docs).
   */
  auth: 'admin' | 'client' | 'frontend' | 'any' | 'none';
  request?: SchemaId;
  /** The success status and its body schema. */
  response: { status: number; schema?: SchemaId };
  /** Error statuses this route documents beyond 401/403. */
  errors: number[];
  /** The route's own largest request body in bytes, when it takes more than the handler's `bodyLimit` (an import). */
  bodyLimit?: number;
  /**
   * The feature's ETag: `answer` when the answer carries it, `if-match` when the route also honours
   * If-Match (412), `if-none-match` when it also answers 304 to a current If-None-Match. For the OpenAPI document.
   */
  etag?: 'answer' | 'if-match' | 'if-none-match';
  /** The query parameters the route reads, for the OpenAPI document. */
  query?: readonly QueryParameter[];
  /**
   * The permission check, made before anything about the body (415, 413, 400), so a key without the
   * permission learns nothing more (the check order in packages/core/README.md Decisions). The operation checks again itself.
   */
  authorize?(principal: Principal, params: Record<string, string>): void;
  /**
   * A GET whose 200 answer depends only on the key, the URL and the stored state (not on request
   * headers; on the clock only through the result's `until`): answered once per storage revision and
   * key, then served as kept JSON text.
   */
  cachedPerRevision?: true;
  run(admin: Admin, input: RouteInput): Promise<RouteResult>;
}

export const ok = (body: unknown, headers?: Record<string, string>): RouteResult => ({
  status: 200,
  body,
  ...(headers ? { headers } : {}),
});
export const created = (body: unknown): RouteResult => ({ status: 201, body });
export const accepted: RouteResult = { status: 202, body: null };

/** The key-type check every authenticated route makes before anything else. */
export function requireKeyType(route: Route, principal: Principal): void {
  if (route.auth === 'admin') requireAdminKey(principal);
  else if (route.auth === 'client') requireClientKey(principal);
  else if (route.auth === 'frontend') requireFrontendKey(principal);
}
