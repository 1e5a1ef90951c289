import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { selectEvents, type EventsResponse } from '../runtime/event-selection';
import type { EventRecord } from '../base/records';

/**
 * Without a project: the last 100 events the key may see, newest first. With a project: all of its
 * events (none for an unknown project or one outside the key's scope).
 */
export async function listEvents(
  ctx: AdminContext,
  principal: Principal,
  input: { project?: string | null } = {},
): Promise<EventsResponse> {
  requireAdminKey(principal);
  const { texts, total } = await ctx.read((tx) => selectEvents(tx, principal, input.project ?? undefined));
  return { version: 1, events: texts.map((t) => JSON.parse(t) as EventRecord), totalEvents: total };
}
