import * as assert from 'uvu/assert';
import { suiteForEachStorage, SYSTEM_PRINCIPAL, type World } from './helpers';

suiteForEachStorage('client features ETag', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.feature('checkout');
  });
  const features = () => w.admin.getClientFeatures(w.keys.client.principal);
  const metrics = () =>
    w.admin.recordMetrics(w.keys.client.principal, {
      body: { appName: 'web', instanceId: 'i1', bucket: { toggles: { checkout: { yes: 1, no: 0 } } } },
    });

  test('SDK reports move the revision but not what SDKs get: same body, same ETag', async () => {
    const before = await features();
    const revision = await w.storage.read((tx) => tx.revision());
    await metrics();
    await w.admin.registerClient(w.keys.client.principal, {
      body: { appName: 'web', instanceId: 'i2', sdkVersion: 'unleash-client-node:6.0.0' },
    });
    assert.ok((await w.storage.read((tx) => tx.revision())) > revision, 'the reports were written');
    const after = await features();
    assert.is(after.etag, before.etag);
    assert.equal(after.body, before.body);
  });

  test('a change SDKs see moves the ETag', async () => {
    const before = await features();
    await w.admin.toggleEnvironment(SYSTEM_PRINCIPAL, {
      projectId: 'default',
      featureName: 'checkout',
      environment: 'development',
      enabled: true,
    });
    const after = await features();
    assert.is.not(after.etag, before.etag);
    assert.is(after.body.features[0]!.enabled, true);
  });
});
