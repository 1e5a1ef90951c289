/**
 * The plain-data protocol (`dispatch`) is declared twice on purpose: in @flagadmin/core, which offers
 * it, and in @flagadmin/node-http, which calls it and depends on no handler package. This file keeps
 * the two declarations one contract: the assignment below fails the root typecheck (`pnpm test` runs
 * it) when either side changes alone, and the test checks that node-http finds and drives core's
 * dispatch.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin, type PlainHandler as CorePlainHandler } from '@flagadmin/core';
import { plainHandlerOf, type PlainHandler as NodePlainHandler, type PlainRequest } from '@flagadmin/node-http';
import { memoryStorage } from '@flagadmin/storage-memory';

// Both directions at once: node-http's requests must be core's requests, core's responses node-http's.
const asCalledByNodeHttp = (dispatch: CorePlainHandler): NodePlainHandler => dispatch;

test("node-http finds core's dispatch and gets a plain answer from a plain request", async () => {
  const { handle } = createFlagadmin({ storage: memoryStorage() });
  const found = plainHandlerOf(handle);
  assert.is(found, handle.dispatch);
  const request: PlainRequest = {
    method: 'GET',
    url: '/health',
    headers: { get: () => null },
    body: () => Promise.reject(new Error('a GET has no body to read')),
  };
  const response = await asCalledByNodeHttp(handle.dispatch)(request);
  assert.is(response.status, 200);
  assert.is(response.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(JSON.parse(response.body as string), { health: 'GOOD' });
});

test.run();
