/**
 * Every write of a context field: the record put (or deleted) and its event, Unleash's
 * `context-field-created`, `-updated` (nothing when nothing changed) or `-deleted`. A project's field's
 * events are the project's; an instance field's are instance events.
 */
import type { Principal } from '../base/auth';
import { jsonEqual } from '../base/json';
import type { ContextFieldRecord } from '../base/vocabulary-records';
import type { WriteTx } from '../base/storage';
import { contextFieldDocument } from '../documents/context-field-document';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';

export async function writeContextField(
  tx: WriteTx,
  ctx: AdminContext,
  principal: Principal,
  before: ContextFieldRecord | undefined,
  after: ContextFieldRecord | undefined,
): Promise<void> {
  const subject = after ?? before;
  if (!subject || jsonEqual(before, after)) return;
  if (after) await tx.put('contextFields', after);
  else await tx.delete('contextFields', subject.name);
  const type = !before ? 'context-field-created' : after ? 'context-field-updated' : 'context-field-deleted';
  await emit(tx, ctx, principal, [
    {
      type,
      project: subject.project,
      data: after ? contextFieldDocument(after) : null,
      preData: before ? contextFieldDocument(before) : null,
    },
  ]);
}
