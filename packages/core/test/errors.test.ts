// toAdminError: what a log line of a 500 shows, and a client that left.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toAdminError } from '../src/base/errors';

test('an unexpected error is a generic InternalError whose stack is the real failure', () => {
  const cause = new TypeError("Cannot read properties of undefined (reading 'stage')");
  const error = toAdminError(cause);
  assert.is(error.name, 'InternalError');
  assert.is(error.status, 500);
  assert.is(error.message, 'Internal server error');
  assert.is(error.cause, cause);
  assert.is(error.stack, cause.stack, 'the logged stack names the TypeError and where it was thrown');
  assert.not.match(JSON.stringify(error.toJSON()), 'stage', 'the client still gets the generic message');
  assert.match(toAdminError('a string').stack!, /a string/);
});

test('an AbortError (the client left mid-body) is ClientClosedRequest 499, not an internal error', () => {
  const error = toAdminError(new DOMException('The client closed the connection before the body was complete', 'AbortError'));
  assert.is(error.name, 'ClientClosedRequest');
  assert.is(error.status, 499);
});

test.run();
