// A project's defaultStickiness names what a rollout added without a stickiness takes: `default`,
// `random` or a context field with stickiness on. Anything else is a 400 naming it, with nothing
// written; a field a project uses so cannot be deleted (409 naming the project).
import * as assert from 'uvu/assert';
import { rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

const state = async (w: World) => ({
  projects: (await w.admin.listProjects(SYSTEM_PRINCIPAL)).projects.map((p) => p.id),
  events: await w.eventCount(),
});

suiteForEachStorage("a project's default stickiness", (test, world) => {
  test('an unknown field, or a field without stickiness, is a 400 naming it; nothing is written', async () => {
    const w = await world();
    await w.admin.createContextField(SYSTEM_PRINCIPAL, { body: { name: 'tenant', stickiness: false } });
    const before = await state(w);
    for (const [defaultStickiness, message] of [
      ['nope', /Stickiness "nope" is neither default, random nor a context field with stickiness on/],
      ['tenant', /Context field "tenant" is not enabled for stickiness/],
    ] as const) {
      const error = await rejects(
        w.admin.createProject(w.keys.admin.principal, { body: { id: `p-${defaultStickiness}`, name: 'P', defaultStickiness } }),
        'BadDataError',
        message,
      );
      assert.equal(
        error.details?.map((d) => d.path),
        ['/defaultStickiness'],
      );
    }
    assert.equal(await state(w), before);
  });

  test('default, random, a built-in field with stickiness and a field with stickiness on are taken', async () => {
    const w = await world();
    await w.admin.createContextField(SYSTEM_PRINCIPAL, { body: { name: 'tenant', stickiness: true } });
    for (const [id, stickiness] of [
      ['a', 'default'],
      ['b', 'random'],
      ['c', 'userId'],
      ['d', 'tenant'],
    ]) {
      const created = await w.admin.createProject(w.keys.admin.principal, { body: { id, name: id, defaultStickiness: stickiness } });
      assert.is(created.defaultStickiness, stickiness);
    }
    const error = await rejects(w.admin.deleteContextField(SYSTEM_PRINCIPAL, { name: 'tenant' }), 'ConflictError');
    assert.match(error.message, /the default stickiness of project d/);
    assert.ok(await w.storage.read((tx) => tx.get('contextFields', 'tenant')), 'kept');
  });
});
