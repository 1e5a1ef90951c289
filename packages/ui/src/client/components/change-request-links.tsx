import { href } from '../router';
import type { AdminEvent } from '../types';

/**
 * The project's change requests as its events name them (`change-request-created`). The API has no
 * list of change requests yet; the state shown on each request's page is the current one.
 */
export function ChangeRequestLinks({ projectId, events }: { projectId: string; events: AdminEvent[] }) {
  const created = events.filter((e) => e.type === 'change-request-created');
  const requests = created.flatMap((e) => {
    const data = e.data as { id?: unknown; title?: unknown; environment?: unknown } | null;
    return typeof data?.id === 'number' ? [{ id: data.id, title: typeof data.title === 'string' ? data.title : `#${data.id}`, environment: String(data.environment ?? e.environment ?? ''), by: e.createdBy }] : [];
  });
  return (
    <section aria-labelledby="cr-heading">
      <h2 id="cr-heading">Change requests</h2>
      {requests.length === 0 ? (
        <p>No change request in this project.</p>
      ) : (
        <ul class="plain-list">
          {requests.map((r) => (
            <li key={r.id}>
              <a href={href('projects', projectId, 'change-requests', String(r.id))}>{r.title}</a>{' '}
              <span class="muted">
                in {r.environment}, by {r.by}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
