/** What the feature routes share: their paths, the feature a path names, and how a write is authorized. */
import { requireAdminKey, requireUpdateFeature } from '../base/auth';
import type { Route, RouteInput, RouteResult } from './route';

export const PROJECT = '/api/admin/projects/:projectId';
export const FEATURE = `${PROJECT}/features/:featureName`;

/** The project and feature the path names. */
export const feature = ({ params }: RouteInput) => ({ projectId: params['projectId']!, featureName: params['featureName']! });
const updateFeature: Route['authorize'] = (principal, params) => requireUpdateFeature(principal, params['projectId']!);
/** An answer without a body. */
export const empty = (status: number): RouteResult => ({ status, body: null });

type Write = Pick<Route, 'method' | 'path' | 'summary' | 'operationId' | 'run'> & Partial<Route>;

/** A write needing UPDATE_FEATURE on the path's project (the key type only where the path names none). */
export const write = (route: Write): Route => ({
  auth: 'admin',
  errors: [400, 404, 413, 415],
  response: { status: 200 },
  authorize: route.path.startsWith(PROJECT) ? updateFeature : requireAdminKey,
  ...route,
});
