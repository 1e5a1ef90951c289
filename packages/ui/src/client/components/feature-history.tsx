import { api, seg } from '../api';
import type { EventsResponse } from '../types';
import { useResource } from '../use-resource';
import { EventList } from './event-list';
import { ErrorNotice, Loading } from './notice';

/** The flag's own history (`GET /api/admin/events/:featureName`): its newest events first, and how many it has. */
export function FeatureHistory({ featureName, round }: { featureName: string; round: number }) {
  const events = useResource(async () => (await api<EventsResponse>(`/api/admin/events/${seg(featureName)}`)).data, [featureName, round]);
  const shown = events.data?.events.length ?? 0;
  const total = events.data?.totalEvents ?? shown;
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <ErrorNotice error={events.error} />
      {events.loading && !events.data ? <Loading what="history" /> : null}
      {events.data ? (
        <>
          {total > shown ? (
            <p class="muted small">
              The newest {shown} of {total} events.
            </p>
          ) : null}
          <EventList events={events.data.events} showFeature={false} />
        </>
      ) : null}
    </section>
  );
}
