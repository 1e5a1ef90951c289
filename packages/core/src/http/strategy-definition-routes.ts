/** Routes of strategy definitions (`/api/admin/strategies`), with Unleash 8.2.0's paths, operation ids and statuses. */
import { requireStrategyWrite, type StrategyPermission } from '../rules/strategy-definition-access';
import type { Route } from './route';

const STRATEGIES = '/api/admin/strategies';
const needs =
  (permission: StrategyPermission): Route['authorize'] =>
  (principal) =>
    requireStrategyWrite(principal, permission);
const empty = { status: 200, body: null } as const;

export const STRATEGY_DEFINITION_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: STRATEGIES,
    summary: 'Every strategy definition: the built-ins with their parameters, then the custom ones',
    operationId: 'getAllStrategies',
    auth: 'admin',
    response: { status: 200, schema: 'strategyDefinitions' },
    errors: [],
    cachedPerRevision: true,
    run: async (admin, { principal }) => ({ status: 200, body: await admin.listStrategyDefinitions(principal) }),
  },
  {
    method: 'GET',
    path: `${STRATEGIES}/:name`,
    summary: 'One strategy definition',
    operationId: 'getStrategy',
    auth: 'admin',
    response: { status: 200, schema: 'strategyDefinition' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, { principal, params }) => ({
      status: 200,
      body: await admin.getStrategyDefinition(principal, { name: params['name']! }),
    }),
  },
  {
    method: 'POST',
    path: STRATEGIES,
    summary: 'Define a custom strategy: {name, title?, description?, parameters: [{name, type, description?, required?}]}',
    operationId: 'createStrategy',
    auth: 'admin',
    request: 'createStrategyDefinition',
    response: { status: 201, schema: 'strategyDefinition' },
    errors: [400, 409, 413, 415],
    authorize: needs('CREATE_STRATEGY'),
    async run(admin, { principal, json }) {
      const body = await admin.createStrategyDefinition(principal, { body: await json() });
      return { status: 201, body, headers: { location: `strategies/${encodeURIComponent(body.name)}` } };
    },
  },
  {
    method: 'PUT',
    path: `${STRATEGIES}/:name`,
    summary: "A custom strategy's parameters, title and description (those left out are kept); 200 with no body",
    operationId: 'updateStrategy',
    auth: 'admin',
    request: 'updateStrategyDefinition',
    response: { status: 200 },
    errors: [400, 404, 413, 415],
    authorize: needs('UPDATE_STRATEGY'),
    async run(admin, { principal, params, json }) {
      await admin.updateStrategyDefinition(principal, { name: params['name']!, body: await json() });
      return empty;
    },
  },
  {
    method: 'DELETE',
    path: `${STRATEGIES}/:name`,
    summary: 'Remove a custom strategy no flag strategy uses (409 naming them)',
    operationId: 'removeStrategy',
    auth: 'admin',
    response: { status: 200 },
    errors: [404, 409],
    authorize: needs('DELETE_STRATEGY'),
    async run(admin, { principal, params }) {
      await admin.removeStrategyDefinition(principal, { name: params['name']! });
      return empty;
    },
  },
  {
    method: 'POST',
    path: `${STRATEGIES}/:strategyName/deprecate`,
    summary: 'Deprecate a strategy: flag strategies keep it, none can add it',
    operationId: 'deprecateStrategy',
    auth: 'admin',
    response: { status: 200 },
    errors: [404],
    authorize: needs('UPDATE_STRATEGY'),
    async run(admin, { principal, params }) {
      await admin.deprecateStrategyDefinition(principal, { name: params['strategyName']! });
      return empty;
    },
  },
  {
    method: 'POST',
    path: `${STRATEGIES}/:strategyName/reactivate`,
    summary: 'Reactivate a deprecated strategy',
    operationId: 'reactivateStrategy',
    auth: 'admin',
    response: { status: 200 },
    errors: [404],
    authorize: needs('UPDATE_STRATEGY'),
    async run(admin, { principal, params }) {
      await admin.reactivateStrategyDefinition(principal, { name: params['strategyName']! });
      return empty;
    },
  },
];
