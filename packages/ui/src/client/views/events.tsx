import { useState } from 'preact/hooks';
import { api, seg } from '../api';
import { countPerDay, DayChart } from '../components/day-chart';
import { EventList } from '../components/event-list';
import { ErrorNotice, Loading } from '../components/notice';
import { Page } from '../components/page';
import { SelectField } from '../components/select-field';
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
  const events = useResource(
    async () => (await api<EventsResponse>(`/api/admin/events${project ? `?project=${seg(project)}` : ''}`)).data.events,
    [project],
  );
  const all = events.data ?? [];
  const shown = all.filter((e) => (!type || e.type === type) && (!who || e.createdBy === who));

  return (
    <Page title="Events" lead={project ? `Every event of project ${project}.` : 'The last 100 events of the instance.'}>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role; <search> is not yet in every browser the page supports */}
      <form class="filters" role="search" aria-label="Filter events" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          id="event-project"
          label="Project"
          value={project}
          any="All projects (last 100)"
          options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={setProject}
        />
        <SelectField
          id="event-type"
          label="Type"
          value={type}
          any="All types"
          options={distinct(all.map((e) => e.type))}
          onChange={setType}
        />
        <SelectField
          id="event-who"
          label="Who"
          value={who}
          any="Anyone"
          options={distinct(all.map((e) => e.createdBy))}
          onChange={setWho}
        />
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
