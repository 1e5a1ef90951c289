import * as assert from 'uvu/assert';
import type { ChangeRequestState, Principal } from '@flagadmin/core';
import { rejects, suiteForEachStorage, type World } from './helpers';

const STATES: ChangeRequestState[] = ['Draft', 'In review', 'Approved', 'Scheduled', 'Applied', 'Cancelled', 'Rejected'];

/** Every move the workflow allows: from → the targets allowed from it. Every other pair is a 409. */
const ALLOWED: Record<ChangeRequestState, ChangeRequestState[]> = {
  Draft: ['In review'],
  'In review': ['Approved', 'Rejected', 'Cancelled'],
  Approved: ['Applied', 'Scheduled', 'Rejected', 'Cancelled'],
  Scheduled: ['Applied', 'Scheduled', 'Rejected', 'Cancelled'],
  Applied: [],
  Cancelled: [],
  Rejected: [],
};

suiteForEachStorage('change requests: the whole state table, and who may make each move', (test, world) => {
  let w: World;
  let actors: Record<'author' | 'other' | 'admin' | 'viewer', Principal>;
  test.before.each(async () => {
    w = await world();
    await w.project('p1');
    await w.feature('f1', {}, 'p1');
    actors = {
      author: w.keys.editor.principal,
      other: (await w.key({ tokenName: 'other-editor', type: 'admin', role: 'editor' })).principal,
      admin: w.keys.admin.principal,
      viewer: w.keys.viewer.principal,
    };
  });

  const bodyFor = (state: ChangeRequestState) => ({
    state,
    ...(state === 'Scheduled' ? { scheduledAt: new Date(w.clock.ms + 3_600_000).toISOString() } : {}),
  });
  const move = (id: number, state: ChangeRequestState, who: Principal) =>
    w.admin.updateChangeRequestState(who, { projectId: 'p1', id, body: bodyFor(state) });

  /** A fresh request by the author, brought to `state` through the allowed moves. */
  async function inState(state: ChangeRequestState): Promise<number> {
    const { changeRequest } = await w.admin.addChangeRequestChanges(actors.author, {
      projectId: 'p1',
      environment: 'development',
      body: { feature: 'f1', action: 'addStrategy', payload: { name: 'default' } },
    });
    const path: Record<ChangeRequestState, [ChangeRequestState, Principal][]> = {
      Draft: [],
      'In review': [['In review', actors.author]],
      Approved: [
        ['In review', actors.author],
        ['Approved', actors.other],
      ],
      Scheduled: [
        ['In review', actors.author],
        ['Approved', actors.other],
        ['Scheduled', actors.author],
      ],
      Applied: [
        ['In review', actors.author],
        ['Approved', actors.other],
        ['Applied', actors.author],
      ],
      Cancelled: [
        ['In review', actors.author],
        ['Cancelled', actors.author],
      ],
      Rejected: [
        ['In review', actors.author],
        ['Rejected', actors.other],
      ],
    };
    for (const [to, who] of path[state]) await move(changeRequest.id, to, who);
    assert.is((await w.admin.getChangeRequest(actors.admin, { projectId: 'p1', id: changeRequest.id })).state, state);
    return changeRequest.id;
  }

  /** Who may make a move, and who is refused (a Draft is not even visible to other keys: 404). */
  const WHO: Record<string, { allowed: keyof typeof actors; refused: (keyof typeof actors)[] }> = {
    'In review': { allowed: 'author', refused: ['admin', 'viewer', 'other'] },
    Approved: { allowed: 'other', refused: ['author', 'viewer'] },
    Rejected: { allowed: 'other', refused: ['author', 'viewer'] },
    Applied: { allowed: 'author', refused: ['viewer'] },
    Scheduled: { allowed: 'author', refused: ['viewer'] },
    Cancelled: { allowed: 'author', refused: ['other', 'viewer'] },
  };

  test('every pair of states: allowed moves succeed for the right key only, every other move is a 409 naming the state', async () => {
    for (const from of STATES) {
      for (const to of STATES) {
        const id = await inState(from);
        if (!ALLOWED[from].includes(to)) {
          const before = await w.eventCount();
          await rejects(move(id, to, actors.admin), 'ConflictError', new RegExp(`is ${from}`));
          assert.is(await w.eventCount(), before, `${from} → ${to} wrote nothing`);
          continue;
        }
        const { allowed, refused } = WHO[to]!;
        for (const who of refused) {
          const hidden = from === 'Draft' && (who === 'viewer' || who === 'other');
          await rejects(move(id, to, actors[who]), hidden ? 'NotFoundError' : 'NoAccessError');
        }
        const after = await move(id, to, actors[allowed]);
        assert.is(after.state, to, `${from} → ${to} by ${allowed}`);
      }
    }
  });

  test('an admin key may cancel any open request and approve its own; an author without admin role may not approve its own', async () => {
    const id = await inState('Approved');
    assert.is((await move(id, 'Cancelled', actors.admin)).state, 'Cancelled');
    const { changeRequest } = await w.admin.addChangeRequestChanges(actors.admin, {
      projectId: 'p1',
      environment: 'development',
      body: { feature: 'f1', action: 'updateEnabled', payload: { enabled: true } },
    });
    await move(changeRequest.id, 'In review', actors.admin);
    assert.is((await move(changeRequest.id, 'Approved', actors.admin)).state, 'Approved');
  });
});
