/**
 * Every cache of an instance, on its context (`ctx.caches`), so two instances never share answers and
 * a reader sees in one place what is kept. Each is a RevisionCache (see revision-cache.ts).
 */
import type { Principal } from '../base/auth';
import type { ApiKeyRecord } from '../base/records';
import type { ClientFeaturesResponse } from '../documents/client-feature';
import type { ProjectsResponse } from '../documents/project-document';
import { RevisionCache } from '../base/revision-cache';
import { FeatureIndex } from './feature-index';
import type { EvaluationEntry } from './evaluators';

/** The whole project list and how long its clock-dependent figures hold. */
export interface ProjectsAnswer {
  /** The figures hold until this time (ms): the next feature passing its lifetime. */
  validUntil: number;
  /** Every project, sorted, frozen; the response for keys that see every project. */
  all: Readonly<ProjectsResponse>;
}

/** An answer of a GET route as dispatch sends it (http/route.ts names it `RouteResult`). */
export interface RouteAnswer {
  status: number;
  /** A JSON value, or a JsonText: a body already serialized (sent as is). */
  body: unknown;
  headers?: Record<string, string>;
  /**
   * For a route answered per revision (`cachedPerRevision`) whose figures also move with the clock:
   * the answer holds until this time (ms since the epoch), then it is computed again.
   */
  until?: number;
}

export interface ClientFeaturesAnswer {
  body: ClientFeaturesResponse;
  etag: string;
}

/** A stored key (or a person's access token) and its principal, as read at one revision. */
export interface KnownKey {
  /** What says whether it still authenticates (`isLiveKey`). */
  key: Pick<ApiKeyRecord, 'deletedAt' | 'expiresAt'>;
  principal: Readonly<Principal>;
}

/** An evaluated answer as JSON text with its ETag (the frontend API's, OFREP's bulk answer). */
export interface EvaluatedAnswer {
  text: string;
  etag: string;
}

export interface ContextCaches {
  /**
   * SHA-256 of recently seen secrets, by secret, at revision 0 (a hash never changes). Web Crypto's
   * digest is asynchronous (a thread-pool round trip per request).
   */
  readonly secretHashes: RevisionCache<string, string>;
  /**
   * API keys by secret hash at the current revision (`null`: no such key): every request authenticates,
   * and a key record changes only with a write.
   */
  readonly apiKeys: RevisionCache<string, KnownKey | null>;
  /**
   * The last key record found per secret hash, at revision 0: while the storage is unavailable, SDK-facing
   * reads authenticate against the last state they saw (see operations/authenticate.ts).
   */
  readonly lastKnownKeys: RevisionCache<string, KnownKey | null>;
  /** `GET /api/admin/events` responses as JSON text, by query: asked again and again between writes. */
  readonly eventPages: RevisionCache<string, string>;
  /** Search's rows of every feature, kept up to date from the event log (see feature-index.ts). */
  readonly featureIndex: FeatureIndex;
  /** `searchFeatures` answers by key and query, at one revision. */
  readonly searchPages: RevisionCache<string, unknown>;
  /** The project list, under the key `all`. */
  readonly projects: RevisionCache<string, ProjectsAnswer>;
  /** Client features by query: SDKs poll the same query, and between writes neither answer nor ETag change. */
  readonly clientFeatures: RevisionCache<string, ClientFeaturesAnswer>;
  /**
   * The last client features text and its ETag by query, at revision 0: a recomputed answer with the
   * same text keeps its ETag without hashing again.
   */
  readonly clientFeatureTags: RevisionCache<string, { text: string; etag: string; body: ClientFeaturesResponse }>;
  /** The OpenAPI document, under the key `document`, at revision 0 (it depends on the code only). */
  readonly openApi: RevisionCache<string, unknown>;
  /**
   * Answers of GET routes marked `cachedPerRevision`, by key id and URL: their answer depends on nothing
   * else, so it is computed once per revision (see http/revision-cached-run.ts).
   */
  readonly routeAnswers: RevisionCache<string, RouteAnswer>;
  /** The JSON text of frozen response bodies (served again and again), by identity, at revision 0. */
  readonly serializedBodies: RevisionCache<object, string>;
  /**
   * Evaluators by the client-features ETag they evaluate (its text's hash), at revision 0: SDK reports
   * move the revision, not what a key reads (see runtime/evaluators.ts).
   */
  readonly evaluators: RevisionCache<string, EvaluationEntry>;
  /**
   * Frontend API and OFREP bulk answers by route, state ETag and context, at revision 0: a browser
   * polling with the same context between changes is answered without evaluating again. Answers that
   * drew a random number or read the clock are never kept.
   */
  readonly evaluatedAnswers: RevisionCache<string, EvaluatedAnswer>;
  /** The frontend API's allowed CORS origins (stored setting, else the instance's default), under `origins`. */
  readonly frontendOrigins: RevisionCache<string, readonly string[]>;
}

export function createCaches(): ContextCaches {
  return {
    secretHashes: new RevisionCache({ max: 1024 }),
    apiKeys: new RevisionCache({ max: 1024 }),
    lastKnownKeys: new RevisionCache({ max: 1024 }),
    eventPages: new RevisionCache(),
    featureIndex: new FeatureIndex(),
    searchPages: new RevisionCache(),
    projects: new RevisionCache({ max: 1 }),
    clientFeatures: new RevisionCache(),
    clientFeatureTags: new RevisionCache(),
    openApi: new RevisionCache({ max: 1 }),
    routeAnswers: new RevisionCache({ max: 256 }),
    serializedBodies: new RevisionCache({ weakKeys: true }),
    evaluators: new RevisionCache({ max: 64 }),
    evaluatedAnswers: new RevisionCache({ max: 4096 }),
    frontendOrigins: new RevisionCache({ max: 1 }),
  };
}
