// The admin calls a served flagadmin must answer, over real HTTP: used on every example and every host.
import * as assert from 'uvu/assert';

/** One JSON request with the key as `authorization`; the status and the parsed body (null when empty). */
export async function call(
  url: string,
  key: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { authorization: key, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Projects lists `projectId`; a PATCH of the feature's description answers 200 and is the latest event; a wrong key is 401. */
export async function adminRoundTrip(api: string, key: string, projectId: string, featureName: string): Promise<void> {
  const projects = await call(`${api}/api/admin/projects`, key);
  assert.is(projects.status, 200);
  assert.ok(projects.body.projects.some((p: { id: string }) => p.id === projectId));
  const description = `patched at ${Date.now()}`;
  const patched = await call(`${api}/api/admin/projects/${projectId}/features/${featureName}`, key, {
    method: 'PATCH',
    body: [{ op: 'replace', path: '/description', value: description }],
  });
  assert.is(patched.status, 200, JSON.stringify(patched.body));
  assert.is(patched.body.description, description);
  const events = await call(`${api}/api/admin/events`, key);
  assert.is(events.status, 200);
  assert.is(events.body.events[0].type, 'feature-metadata-updated');
  assert.is(events.body.events[0].featureName, featureName);
  assert.is((await call(`${api}/api/admin/projects`, 'wrong')).status, 401);
}

/** Creates a project and a feature in it (201 each, both listed), then runs `adminRoundTrip` on them. */
export async function createThenRoundTrip(api: string, key: string, projectId: string, featureName: string): Promise<void> {
  const project = await call(`${api}/api/admin/projects`, key, { method: 'POST', body: { id: projectId, name: `Project ${projectId}` } });
  assert.is(project.status, 201, JSON.stringify(project.body));
  const feature = await call(`${api}/api/admin/projects/${projectId}/features`, key, {
    method: 'POST',
    body: { name: featureName, type: 'release' },
  });
  assert.is(feature.status, 201, JSON.stringify(feature.body));
  const features = await call(`${api}/api/admin/projects/${projectId}/features`, key);
  assert.equal(
    features.body.features.map((f: { name: string }) => f.name),
    [featureName],
  );
  await adminRoundTrip(api, key, projectId, featureName);
  const ofProject = await call(`${api}/api/admin/events?project=${projectId}`, key);
  assert.equal(
    ofProject.body.events.map((e: { type: string }) => e.type).reverse(),
    ['project-created', 'feature-created', 'feature-metadata-updated'],
    'the project, the feature and the patch, each with its event',
  );
}
