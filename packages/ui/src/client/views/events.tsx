import { useState } from 'preact/hooks';
import { api, seg } from '../api';
import { countPerDay, DayChart } from '../components/day-chart';
import { EventList } from '../components/event-list';
import { ErrorNotice, Loading } from '../components/notice';
import { Page } from '../components/page';
import { dayOf } from '../format';
import type { EventsResponse, Project } from '../types';
import { useResource } from '../use-resource';

const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))].sort();

/** The instance's timeline: the last 100 events, or all of one project; filtered by type and actor. */
export function EventsView() {
  const [project, setProject] = useState('');
  const [type, setType] = useState('');
  const [who, setWho] = useState('');
  const projects = useResource(async () => (await api<{ projects: Project[] }>('/api/admin/projects')).data.projects, []);
  const events = useResource(async () => (await api<EventsResponse>(`/api/admin/events${project ? `?project=${seg(project)}` : ''}`)).data.events, [project]);
  const all = events.data ?? [];
  const shown = all.filter((e) => (!type || e.type === type) && (!who || e.createdBy === who));

  return (
    <Page title="Events" lead={project ? `Every event of project ${project}.` : 'The last 100 events of the instance.'}>
      <form class="filters" role="search" aria-label="Filter events" onSubmit={(e) => e.preventDefault()}>
        <div class="field">
          <label for="event-project">Project</label>
          <select id="event-project" value={project} onChange={(e) => setProject(e.currentTarget.value)}>
            <option value="">All projects (last 100)</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="event-type">Type</label>
          <select id="event-type" value={type} onChange={(e) => setType(e.currentTarget.value)}>
            <option value="">All types</option>
            {distinct(all.map((e) => e.type)).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="event-who">Who</label>
          <select id="event-who" value={who} onChange={(e) => setWho(e.currentTarget.value)}>
            <option value="">Anyone</option>
            {distinct(all.map((e) => e.createdBy)).map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </select>
        </div>
      </form>
      <ErrorNotice error={events.error} />
      {events.loading && !events.data ? <Loading what="events" /> : null}
      {events.data ? (
        <>
          <DayChart days={countPerDay(shown.map((e) => dayOf(e.createdAt)))} />
          <p class="muted small" aria-live="polite">
            Showing {shown.length} of {all.length} events.
          </p>
          <EventList events={shown} />
        </>
      ) : null}
    </Page>
  );
}
