// The buttons a change request's screen offers (actionsFor, mayComment) against what the real core
// lets each key do: for every state, author (editor or admin key) and other key, each move is tried on
// a fresh instance, and the page must offer exactly the moves that succeed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AdminError, createAdmin, SYSTEM_PRINCIPAL, type Admin, type Principal } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';
import { actionsFor, mayComment, type ChangeRequestAction } from '../src/client/change-request-moves';
import type { ChangeRequest, CurrentKey } from '../src/client/types';

const test = suite('change-request moves offered = moves the API allows');
const NOW = Date.parse('2026-06-01T00:00:00.000Z');
const FUTURE = '2026-06-02T00:00:00.000Z';
const PROJECT = 'default';
const ENVIRONMENT = 'production';

type Tried = ChangeRequestAction | 'Comment';
const TRIED: readonly Tried[] = ['In review', 'Discard', 'Approved', 'Rejected', 'Applied', 'Scheduled', 'Cancelled', 'Comment'];
type Actor = 'author' | 'editor' | 'admin' | 'viewer' | 'editorElsewhere' | 'approver';
const ACTORS: readonly Actor[] = ['author', 'editor', 'admin', 'viewer', 'editorElsewhere', 'approver'];
/** `In review` with one of two approvals given (by `approver`), to check one approval per key. */
type Situation = 'Draft' | 'In review' | 'In review, 1 of 2' | 'Approved' | 'Scheduled' | 'Applied' | 'Cancelled' | 'Rejected';
const SITUATIONS: readonly Situation[] = [
  'Draft',
  'In review',
  'In review, 1 of 2',
  'Approved',
  'Scheduled',
  'Applied',
  'Cancelled',
  'Rejected',
];

interface World {
  admin: Admin;
  keys: Record<Actor, Principal>;
  id: string;
}

async function world(authorRole: 'editor' | 'admin', situation: Situation): Promise<World> {
  const admin = createAdmin({ storage: memoryStorage(), now: () => new Date(NOW) });
  await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: PROJECT, body: { name: 'f1' } });
  const approvals = situation === 'In review, 1 of 2' ? 2 : 1;
  await admin.updateChangeRequestConfig(SYSTEM_PRINCIPAL, {
    projectId: PROJECT,
    environment: ENVIRONMENT,
    body: { changeRequestsEnabled: true, requiredApprovals: approvals },
  });
  const key = async (tokenName: string, body: Record<string, unknown>) =>
    admin.authenticate((await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName, type: 'admin', ...body } })).secret);
  const keys: Record<Actor, Principal> = {
    author: await key('author', { role: authorRole }),
    editor: await key('editor', { role: 'editor' }),
    admin: await key('admin', { role: 'admin' }),
    viewer: await key('viewer', { role: 'viewer' }),
    editorElsewhere: await key('editor-development', { role: 'editor', environment: 'development' }),
    approver: await key('approver', { role: 'admin' }),
  };
  const body = { feature: 'f1', action: 'updateEnabled', payload: { enabled: true } };
  const { changeRequest } = await admin.addChangeRequestChanges(keys.author, { projectId: PROJECT, environment: ENVIRONMENT, body });
  const id = String(changeRequest.id);
  const move = (by: Principal, state: Record<string, unknown>) =>
    admin.updateChangeRequestState(by, { projectId: PROJECT, id, body: state });
  if (situation !== 'Draft') await move(keys.author, { state: 'In review' });
  if (situation === 'Cancelled') await move(keys.author, { state: 'Cancelled' });
  if (situation === 'Rejected') await move(keys.approver, { state: 'Rejected' });
  if (['In review, 1 of 2', 'Approved', 'Scheduled', 'Applied'].includes(situation)) await move(keys.approver, { state: 'Approved' });
  if (situation === 'Applied') await move(keys.author, { state: 'Applied' });
  if (situation === 'Scheduled') await move(keys.author, { state: 'Scheduled', scheduledAt: FUTURE });
  return { admin, keys, id };
}

/** Whether the API lets `actor` do `tried` now (a 403 or a 409 is a no; anything else fails the test). */
async function allowed(w: World, actor: Actor, tried: Tried): Promise<boolean> {
  const by = w.keys[actor];
  const ref = { projectId: PROJECT, id: w.id };
  try {
    if (tried === 'Discard') await w.admin.deleteChangeRequest(by, ref);
    else if (tried === 'Comment') await w.admin.addChangeRequestComment(by, { ...ref, body: { text: 'looks fine' } });
    else
      await w.admin.updateChangeRequestState(by, {
        ...ref,
        body: { state: tried, ...(tried === 'Scheduled' ? { scheduledAt: FUTURE } : {}) },
      });
    return true;
  } catch (error) {
    if (error instanceof AdminError && (error.name === 'NoAccessError' || error.name === 'ConflictError')) return false;
    throw error;
  }
}

for (const authorRole of ['editor', 'admin'] as const) {
  for (const situation of SITUATIONS) {
    test(`${authorRole} author, ${situation}: each key is offered exactly what it may do`, async () => {
      const seen = await world(authorRole, situation);
      for (const actor of ACTORS) {
        // What the page has: the request as this key reads it (a Draft of another non-admin key is a 404) and the key.
        let shown: ChangeRequest;
        try {
          shown = JSON.parse(
            JSON.stringify(await seen.admin.getChangeRequest(seen.keys[actor], { projectId: PROJECT, id: seen.id })),
          ) as ChangeRequest;
        } catch (error) {
          assert.ok(error instanceof AdminError && error.name === 'NotFoundError', String(error));
          continue;
        }
        const me = JSON.parse(JSON.stringify(await seen.admin.getCurrentKey(seen.keys[actor]))) as CurrentKey;
        const offered: Tried[] = [...actionsFor(shown, me), ...(mayComment(shown, me) ? ['Comment' as const] : [])];
        const possible: Tried[] = [];
        for (const tried of TRIED) if (await allowed(await world(authorRole, situation), actor, tried)) possible.push(tried);
        assert.equal([...offered].sort(), possible.sort(), `${actor} on a request ${situation} by an ${authorRole} key`);
      }
    });
  }
}

test.run();
