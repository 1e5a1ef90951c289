import { api, seg } from '../api';
import type { EventsResponse } from '../types';
import { useResource } from '../use-resource';
import { EventList } from './event-list';
import { ErrorNotice, Loading } from './notice';

/** The flag's history: the project's events about this feature, newest first. */
export function FeatureHistory({ projectId, featureName, round }: { projectId: string; featureName: string; round: number }) {
  const events = useResource(
    async () =>
      (await api<EventsResponse>(`/api/admin/events?project=${seg(projectId)}`)).data.events.filter((e) => e.featureName === featureName),
    [projectId, featureName, round],
  );
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <ErrorNotice error={events.error} />
      {events.loading && !events.data ? <Loading what="history" /> : null}
      {events.data ? <EventList events={events.data} showFeature={false} /> : null}
    </section>
  );
}
