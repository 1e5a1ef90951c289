/**
 * Context field routes with Unleash's paths, twice: `/api/admin/context` (the instance's fields) and
 * `/api/admin/projects/:projectId/context` (a project's, operation ids ending in `ForProject`).
 */
import { requireAdminKey, type Principal } from '../base/auth';
import { requireContextFieldWrite, type ContextFieldPermission } from '../rules/context-field-access';
import { ok, type Route, type RouteInput } from './route';

type Mode = 'instance' | 'project';

const empty = { status: 200, body: null } as const;

function contextFieldRoutes(mode: Mode): Route[] {
  const base = mode === 'instance' ? '/api/admin/context' : '/api/admin/projects/:projectId/context';
  const id = (operationId: string) => (mode === 'instance' ? operationId : `${operationId}ForProject`);
  const scope = ({ params }: Pick<RouteInput, 'params'>) => (mode === 'instance' ? {} : { projectId: params['projectId']! });
  const field = (input: Pick<RouteInput, 'params'>) => ({ ...scope(input), name: input.params['contextField']! });
  const of = mode === 'instance' ? 'the instance' : 'the project';
  /** Writes: the permission for the path's project before the body is read (an instance field's: checked by the operation). */
  const may =
    (permission: ContextFieldPermission) =>
    (principal: Principal, params: Record<string, string>): void =>
      mode === 'instance' ? requireAdminKey(principal) : requireContextFieldWrite(principal, params['projectId']!, permission);
  const projectErrors = mode === 'project' ? [404] : [];
  return [
    {
      method: 'GET',
      path: base,
      summary: `The context fields of ${of}, by name`,
      operationId: id('getContextFields'),
      description:
        mode === 'instance'
          ? '`?include=project` adds the fields of the projects the key sees. Each field says how many live features and projects use it.'
          : "`?include=root` adds the instance's fields. Each field says how many live features of the project use it.",
      auth: 'admin',
      response: { status: 200, schema: 'contextFields' },
      errors: projectErrors,
      query: [
        {
          name: 'include',
          description: mode === 'instance' ? '`project`: also the projects’ fields' : '`root`: also the instance’s fields',
        },
      ],
      cachedPerRevision: true,
      run: async (admin, input) =>
        ok(await admin.getContextFields(input.principal, { ...scope(input), include: input.query.get('include') })),
    },
    {
      method: 'POST',
      path: base,
      summary: `Create a context field of ${of}`,
      operationId: id('createContextField'),
      auth: 'admin',
      request: 'createContextFieldBody',
      response: { status: 201, schema: 'contextField' },
      errors: [400, ...projectErrors, 409, 413, 415],
      authorize: may('CREATE_CONTEXT_FIELD'),
      async run(admin, input) {
        const body = await admin.createContextField(input.principal, { ...scope(input), body: await input.json() });
        return { status: 201, body, headers: { location: `context/${encodeURIComponent(body.name)}` } };
      },
    },
    {
      method: 'POST',
      path: `${base}/validate`,
      summary: 'Check that a context field could be created with the name: 200 when free, 409 when taken',
      operationId: id('validateContextFieldName'),
      auth: 'admin',
      request: 'contextFieldNameBody',
      response: { status: 200 },
      errors: [400, ...projectErrors, 409, 413, 415],
      authorize: may('UPDATE_CONTEXT_FIELD'),
      async run(admin, input) {
        await admin.validateContextFieldName(input.principal, { ...scope(input), body: await input.json() });
        return empty;
      },
    },
    {
      method: 'GET',
      path: `${base}/:contextField`,
      summary: 'One context field',
      operationId: id('getContextField'),
      auth: 'admin',
      response: { status: 200, schema: 'contextField' },
      errors: [404],
      cachedPerRevision: true,
      run: async (admin, input) => ok(await admin.getContextField(input.principal, field(input))),
    },
    {
      method: 'PUT',
      path: `${base}/:contextField`,
      summary: 'Change a context field: description, legal values, stickiness, sort order',
      operationId: id('updateContextField'),
      description:
        '`legalValues` and `stickiness` left out become none and false (as Unleash); `description` and `sortOrder` left out are kept.',
      auth: 'admin',
      request: 'updateContextFieldBody',
      response: { status: 200 },
      errors: [400, 404, 413, 415],
      authorize: may('UPDATE_CONTEXT_FIELD'),
      async run(admin, input) {
        await admin.updateContextField(input.principal, { ...field(input), body: await input.json() });
        return empty;
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:contextField`,
      summary: 'Delete a context field that nothing uses (409 naming the uses; built-in fields: 403)',
      operationId: id('deleteContextField'),
      auth: 'admin',
      response: { status: 200 },
      errors: [404, 409],
      authorize: may('DELETE_CONTEXT_FIELD'),
      async run(admin, input) {
        await admin.deleteContextField(input.principal, field(input));
        return empty;
      },
    },
    {
      method: 'POST',
      path: `${base}/:contextField/legal-values`,
      summary: 'Add a legal value to a context field, or change its description',
      operationId: id('updateContextFieldLegalValue'),
      auth: 'admin',
      request: 'legalValue',
      response: { status: 200 },
      errors: [400, 404, 413, 415],
      authorize: may('UPDATE_CONTEXT_FIELD'),
      async run(admin, input) {
        await admin.updateContextFieldLegalValue(input.principal, { ...field(input), body: await input.json() });
        return empty;
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:contextField/legal-values/:legalValue`,
      summary: 'Remove a legal value of a context field (constraints using it are kept)',
      operationId: id('deleteContextFieldLegalValue'),
      auth: 'admin',
      response: { status: 200 },
      errors: [404],
      authorize: may('UPDATE_CONTEXT_FIELD'),
      async run(admin, input) {
        await admin.deleteContextFieldLegalValue(input.principal, { ...field(input), value: input.params['legalValue']! });
        return empty;
      },
    },
    {
      method: 'GET',
      path: `${base}/:contextField/strategies`,
      summary: `The strategies of live features using the context field (in a constraint or as stickiness), of ${mode === 'instance' ? 'the projects in the key scope' : 'the project'}`,
      operationId: id('getStrategiesByContextField'),
      auth: 'admin',
      response: { status: 200, schema: 'contextFieldStrategies' },
      errors: projectErrors,
      cachedPerRevision: true,
      run: async (admin, input) => ok(await admin.getStrategiesByContextField(input.principal, field(input))),
    },
  ];
}

export const CONTEXT_FIELD_ROUTES: readonly Route[] = [...contextFieldRoutes('instance'), ...contextFieldRoutes('project')];
