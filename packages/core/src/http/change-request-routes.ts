/** Change-request routes, with Unleash's paths under `/api/admin/projects/:projectId`. */
import { requireAdmin, requireUpdateFeatureEnvironment } from '../base/auth';
import { ok, type Route, type RouteInput } from './route';

const PROJECT = '/api/admin/projects/:projectId';
const REQUEST = `${PROJECT}/change-requests/:id`;
const ref = ({ params }: RouteInput) => ({ projectId: params['projectId']!, id: params['id']! });

/** A write to one change request with a JSON body, answering the request as GET shows it. */
function requestWrite(
  operationId: string,
  method: Route['method'],
  path: string,
  summary: string,
  request: NonNullable<Route['request']>,
  call: (admin: Parameters<Route['run']>[0], input: RouteInput, body: unknown) => Promise<unknown>,
): Route {
  return {
    operationId,
    method,
    path,
    summary,
    auth: 'admin',
    request,
    response: { status: 200, schema: 'changeRequest' },
    errors: [400, 404, 409, 413, 415],
    run: async (admin, input) => ok(await call(admin, input, await input.json())),
  };
}

export const CHANGE_REQUEST_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: `${PROJECT}/change-requests/config`,
    summary: 'Change-request settings of every environment of a project',
    operationId: 'getChangeRequestConfig',
    cachedPerRevision: true,
    auth: 'admin',
    response: { status: 200, schema: 'changeRequestConfig' },
    errors: [404],
    run: async (admin, { params, principal }) => ok(await admin.getChangeRequestConfig(principal, { projectId: params['projectId']! })),
  },
  {
    method: 'PUT',
    path: `${PROJECT}/environments/:environment/change-requests/config`,
    summary: 'Turn change requests on or off for an environment of a project, with the approvals they need (ADMIN)',
    operationId: 'updateChangeRequestConfig',
    auth: 'admin',
    request: 'changeRequestConfigBody',
    response: { status: 204 },
    errors: [400, 404, 413, 415],
    authorize: requireAdmin,
    async run(admin, { params, principal, json }) {
      await admin.updateChangeRequestConfig(principal, {
        projectId: params['projectId']!,
        environment: params['environment']!,
        body: await json(),
      });
      return { status: 204, body: null };
    },
  },
  {
    method: 'POST',
    path: `${PROJECT}/environments/:environment/change-requests`,
    summary: "Add changes to the caller's draft change request (one change or an array)",
    operationId: 'addChangeRequestChanges',
    auth: 'admin',
    request: 'changeRequestChanges',
    response: { status: 201, schema: 'changeRequest' },
    errors: [400, 404, 413, 415],
    authorize: (principal, params) => requireUpdateFeatureEnvironment(principal, params['projectId']!, params['environment']!),
    async run(admin, { params, principal, json }) {
      const { changeRequest, created } = await admin.addChangeRequestChanges(principal, {
        projectId: params['projectId']!,
        environment: params['environment']!,
        body: await json(),
      });
      return { status: created ? 201 : 200, body: changeRequest };
    },
  },
  {
    method: 'GET',
    path: `${PROJECT}/change-requests`,
    summary: 'The change requests of a project, newest first',
    operationId: 'listChangeRequests',
    cachedPerRevision: true,
    auth: 'admin',
    response: { status: 200, schema: 'changeRequests' },
    errors: [404],
    run: async (admin, { params, principal }) => ok(await admin.listChangeRequests(principal, { projectId: params['projectId']! })),
  },
  {
    method: 'GET',
    path: REQUEST,
    summary: 'Retrieve one change request by id',
    operationId: 'getChangeRequest',
    cachedPerRevision: true,
    auth: 'admin',
    response: { status: 200, schema: 'changeRequest' },
    errors: [404],
    run: async (admin, input) => ok(await admin.getChangeRequest(input.principal, ref(input))),
  },
  {
    method: 'DELETE',
    path: REQUEST,
    summary: 'Discard a draft change request (its author)',
    operationId: 'deleteChangeRequest',
    auth: 'admin',
    response: { status: 200 },
    errors: [404, 409],
    run: async (admin, input) => ok(await admin.deleteChangeRequest(input.principal, ref(input))),
  },
  requestWrite(
    'updateChangeRequestState',
    'PUT',
    `${REQUEST}/state`,
    'Move a change request: review, approve, reject, apply, schedule or cancel it',
    'changeRequestStateBody',
    (admin, input, body) => admin.updateChangeRequestState(input.principal, { ...ref(input), body }),
  ),
  requestWrite(
    'updateChangeRequestChange',
    'PUT',
    `${REQUEST}/changes/:changeId`,
    'Edit one change of a change request (its author)',
    'changeRequestChangeEdit',
    (admin, input, body) => admin.updateChangeRequestChange(input.principal, { ...ref(input), changeId: input.params['changeId']!, body }),
  ),
  {
    method: 'DELETE',
    path: `${REQUEST}/changes/:changeId`,
    summary: 'Discard one change of a change request (its author)',
    operationId: 'deleteChangeRequestChange',
    auth: 'admin',
    response: { status: 200, schema: 'changeRequest' },
    errors: [404, 409],
    run: async (admin, input) =>
      ok(await admin.deleteChangeRequestChange(input.principal, { ...ref(input), changeId: input.params['changeId']! })),
  },
  requestWrite(
    'addChangeRequestComment',
    'POST',
    `${REQUEST}/comments`,
    'Comment on a change request',
    'changeRequestCommentBody',
    (admin, input, body) => admin.addChangeRequestComment(input.principal, { ...ref(input), body }),
  ),
  requestWrite(
    'updateChangeRequestTitle',
    'PUT',
    `${REQUEST}/title`,
    'Rename a change request (its author)',
    'changeRequestTitleBody',
    (admin, input, body) => admin.updateChangeRequestTitle(input.principal, { ...ref(input), body }),
  ),
];
