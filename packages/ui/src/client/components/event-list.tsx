import { formatDateTime } from '../format';
import { href } from '../router';
import type { AdminEvent } from '../types';
import { DiffView } from './diff-view';

/** Events newest first, each with who, when, where, and its preData -> data diff on demand. */
export function EventList({ events, showFeature = true }: { events: AdminEvent[]; showFeature?: boolean }) {
  if (events.length === 0) return <p>No events.</p>;
  return (
    <ol class="events">
      {events.map((e) => (
        <li key={e.id} class="event" data-event-type={e.type}>
          <div class="event-head">
            <span class="event-type">{e.type}</span>
            {showFeature && e.featureName && e.project ? (
              <a href={href('projects', e.project, 'features', e.featureName)}>{e.featureName}</a>
            ) : null}
            {e.environment ? <span class="badge">{e.environment}</span> : null}
            {e.project ? <span class="muted small">project {e.project}</span> : null}
          </div>
          <div class="muted small">
            by {e.createdBy} · <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time> · #{e.id}
          </div>
          {e.data != null || e.preData != null ? (
            <details>
              <summary>Changes</summary>
              <DiffView before={e.preData} after={e.data} />
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
