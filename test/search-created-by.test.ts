// A feature's creator as search answers it (Unleash's createdBy {id, name, imageUrl}), on every storage:
// the key that created the feature, or cloned it, through the feature write path; a record written before
// the creator was kept answers `unknown` (id 0), as before.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { httpWorld, IN_PROCESS, json, type HttpWorld } from './helpers/http-world';
import { LOWDB, MEMORY, POSTGRES, type TestStorage } from './helpers/test-storages';

interface Creator {
  id: number;
  name: string;
  imageUrl: string;
}

function createdBySuite(storageKind: TestStorage) {
  const test = suite(`search's createdBy (${storageKind.name})`);
  let w: HttpWorld;
  let opened: Awaited<ReturnType<TestStorage['open']>>;
  test.before.each(async () => {
    opened = await storageKind.open();
    w = await httpWorld(IN_PROCESS, { storage: opened.storage });
  });
  test.after.each(async () => {
    await w.close();
    await opened.cleanup();
  });

  const creators = async (q = '') => {
    const response = await w.send(`/api/admin/search/features?sortBy=name${q}`, { headers: { authorization: w.adminKey } });
    assert.is(response.status, 200);
    const found = (await response.json()) as { features: { name: string; createdBy: Creator }[] };
    return new Map(found.features.map((f) => [f.name, f.createdBy]));
  };

  test('the creating key, for a feature created and one cloned (not the source’s creator); kept by later writes', async () => {
    const features = '/api/admin/projects/default/features';
    assert.is((await w.send(features, json(w.adminKey, 'POST', { name: 'by-admin' }))).status, 201);
    assert.is((await w.send(`${features}/by-admin/clone`, json(w.editorKey, 'POST', { name: 'by-editor' }))).status, 201);
    const patched = await w.send(`${features}/by-admin`, json(w.editorKey, 'PATCH', [{ op: 'replace', path: '/description', value: 'x' }]));
    assert.is(patched.status, 200);
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'by-system' } });
    const found = await creators();
    const admin = found.get('by-admin')!;
    const editor = found.get('by-editor')!;
    assert.equal([admin.name, editor.name, found.get('by-system')!.name], ['admin-', 'admin-editor', 'system']);
    assert.ok(admin.id > 0 && editor.id > 0 && admin.id !== editor.id);
    assert.equal(found.get('by-system')!.id, 0);
    assert.ok(admin.imageUrl.length > 0);
    assert.equal([...(await creators(`&createdBy=IS:${editor.id}`)).keys()], ['by-editor']);
    assert.equal([...(await creators(`&createdBy=IS_ANY_OF:${admin.id},${editor.id}`)).keys()], ['by-admin', 'by-editor']);
  });

  test('a record written before creators were kept answers unknown (id 0), as before', async () => {
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'old-flag' } });
    await opened.storage.write(async (tx) => {
      const { createdBy: _creator, ...before } = (await tx.get('features', 'old-flag'))!;
      await tx.put('features', before);
    });
    const old = (await creators()).get('old-flag')!;
    assert.equal([old.id, old.name], [0, 'unknown']);
    assert.equal([...(await creators('&createdBy=IS:0')).keys()], ['old-flag']);
  });

  return test;
}

for (const storageKind of [MEMORY, LOWDB, POSTGRES]) createdBySuite(storageKind).run();
