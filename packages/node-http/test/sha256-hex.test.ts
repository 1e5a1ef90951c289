// nodeSha256Hex as core's `sha256Hex`: the answers' ETags are the ones WebCrypto gives (the same on every
// host), and the frontend API, OFREP and the client API take them from the host's hasher.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin, SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';
import { nodeSha256Hex } from '../src/index';

const TEXTS = ['', 'a', '{"toggles":[]}', 'ünïcödé 🚩 \u2028 «flags»', 'x'.repeat(100_000)];

test('nodeSha256Hex answers what WebCrypto answers, so an ETag is the same with and without it', async () => {
  const webCrypto = createFlagadmin({ storage: memoryStorage() }).admin.context;
  const node = createFlagadmin({ storage: memoryStorage(), sha256Hex: nodeSha256Hex }).admin.context;
  for (const text of TEXTS) {
    const expected = await webCrypto.answerTag(text);
    assert.match(expected, /^W\/"[0-9a-f]{32}"$/);
    assert.is(await node.answerTag(text), expected, JSON.stringify(text.slice(0, 20)));
  }
});

test("the frontend API, OFREP and the client API tag their answers with the host's hasher", async () => {
  let calls = 0;
  const counted = (text: string) => (calls++, nodeSha256Hex(text));
  const { admin, handle } = createFlagadmin({ storage: memoryStorage(), sha256Hex: counted });
  await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'tagged' } });
  const key = async (type: string) =>
    (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: type, type, environment: 'development', projects: ['*'] } })).secret;
  const [frontend, client] = [await key('frontend'), await key('client')];
  const asked = [
    new Request('http://flagadmin.test/api/frontend?userId=u1', { headers: { authorization: frontend } }),
    new Request('http://flagadmin.test/ofrep/v1/evaluate/flags', {
      method: 'POST',
      headers: { authorization: frontend, 'content-type': 'application/json' },
      body: '{"context":{"targetingKey":"u2"}}',
    }),
    new Request('http://flagadmin.test/api/client/features', { headers: { authorization: client } }),
  ];
  for (const request of asked) {
    const before = calls;
    const answer = await handle(request);
    assert.is(answer.status, 200, await answer.clone().text());
    assert.match(answer.headers.get('etag') ?? '', /^W\/"[0-9a-f]{32}"$/);
    assert.ok(calls > before, `${new URL(request.url).pathname} hashed with the host's hasher`);
  }
});

test.run();
