/**
 * The frontend API under load: a project of FLAGS flags (gradual rollouts on userId, some with a
 * constraint, half with variants) read with a frontend key of its development environment, once with a
 * fresh context per request (a userId no request used before: nothing to reuse) and once with one
 * context repeated (the answer kept per key scope, revision and context serves it).
 */
import { adminCall as call, oncePerBin } from './admin-calls';
import type { RouteSpec } from './http';

const PROJECT = 'bench-frontend';
const FLAGS = 20;
const QUERY = '/api/frontend?appName=bench&sessionId=s1&properties%5Bplan%5D=pro';

let frontendKey: string | undefined;

/** The project, its flags and a frontend key: once per bin, whichever frontend route runs first. */
async function writeProject(url: string): Promise<void> {
  await call(url, 'POST', '/api/admin/context', { name: 'plan' });
  await call(url, 'POST', '/api/admin/projects', { id: PROJECT, name: 'Bench frontend' });
  const features = `/api/admin/projects/${PROJECT}/features`;
  for (let i = 0; i < FLAGS; i++) {
    const name = `frontend-${String(i).padStart(2, '0')}`;
    await call(url, 'POST', features, { name });
    await call(url, 'POST', `${features}/${name}/environments/development/strategies`, {
      name: 'flexibleRollout',
      parameters: { rollout: String(5 + i * 5), stickiness: 'userId', groupId: name },
      constraints: i % 4 === 0 ? [{ contextName: 'plan', operator: 'IN', values: ['pro', 'team'] }] : [],
      ...(i % 2 === 0
        ? { variants: ['blue', 'green'].map((v) => ({ name: v, weight: 500, weightType: 'variable', stickiness: 'userId' })) }
        : {}),
    });
    await call(url, 'POST', `${features}/${name}/environments/development/on`);
  }
  const token = await call<{ secret: string }>(url, 'POST', '/api/admin/api-tokens', {
    tokenName: 'bench-frontend',
    type: 'frontend',
    environment: 'development',
    projects: [PROJECT],
  });
  frontendKey = token.secret;
}

const setup = oncePerBin(writeProject);
const key = (): string => frontendKey ?? '';

export const FRONTEND_ROUTES: readonly RouteSpec[] = [
  {
    id: 'frontend',
    label: `GET /api/frontend (${FLAGS} flags, a fresh userId per request)`,
    method: 'GET',
    // Recorded (for the baseline) with userId u0; under load each request has a userId of its own.
    path: `${QUERY}&userId=u0`,
    freshUserId: true,
    key,
    setup,
  },
  {
    id: 'frontendRepeated',
    label: `GET /api/frontend (${FLAGS} flags, one context repeated)`,
    method: 'GET',
    path: `${QUERY}&userId=u1`,
    key,
    setup,
  },
];
