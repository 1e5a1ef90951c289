import { useState } from 'preact/hooks';
import { api } from '../api';
import { DataTable } from '../components/data-table';
import { TagList } from '../components/feature-bits';
import { ErrorNotice, Loading } from '../components/notice';
import { Page } from '../components/page';
import { SelectField } from '../components/select-field';
import { listFeatureTypes } from '../environments';
import { formatDateTime } from '../format';
import { href } from '../router';
import { listTags, NO_SEARCH, type SearchFilters, type SearchedFeature, searchFeatures, tagText } from '../tags';
import type { Project } from '../types';
import { useResource } from '../use-resource';

const PAGE = 20;

const STATES = [
  { value: 'active', label: 'Active (not stale)' },
  { value: 'stale', label: 'Stale' },
  { value: 'potentially-stale', label: 'Potentially stale' },
  { value: 'archived', label: 'Archived' },
];

function stateOf(f: SearchedFeature): string {
  if (f.archivedAt) return 'archived';
  return f.stale ? 'stale' : 'active';
}

/** Flags of every project the key sees, found by the API's search: filters, and pages with the total. */
export function SearchView() {
  const [filters, setFilters] = useState<SearchFilters>(NO_SEARCH);
  const [offset, setOffset] = useState(0);
  const projects = useResource(async () => (await api<{ projects: Project[] }>('/api/admin/projects')).data.projects, []);
  const tags = useResource(listTags, []);
  const types = useResource(listFeatureTypes, []);
  // The page keeps the offset it was asked with: the summary speaks of the rows shown, not of a page still loading.
  const found = useResource(
    async () => ({ ...(await searchFeatures(filters, { offset, limit: PAGE })), offset }),
    [JSON.stringify(filters), offset],
  );
  const update = (change: Partial<SearchFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setOffset(0);
  };
  const total = found.data?.total ?? 0;
  const shown = found.data?.features ?? [];
  const from = found.data?.offset ?? 0;
  return (
    <Page title="Search flags" lead="Across every project this key sees.">
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role; <search> is not yet in every browser the page supports */}
      <form class="filters" role="search" aria-label="Search flags" onSubmit={(e) => e.preventDefault()}>
        <div class="field">
          <label for="search-query">Name or description</label>
          <input id="search-query" type="search" value={filters.query} onInput={(e) => update({ query: e.currentTarget.value })} />
        </div>
        <SelectField
          id="search-project"
          label="Project"
          value={filters.project}
          any="All projects"
          options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={(project) => update({ project })}
        />
        <SelectField
          id="search-tag"
          label="Tag"
          value={filters.tag}
          any="Any tag"
          options={(tags.data ?? []).map((t) => ({ value: `${t.type}:${t.value}`, label: tagText(t) }))}
          onChange={(tag) => update({ tag })}
        />
        <SelectField
          id="search-type"
          label="Type"
          value={filters.type}
          any="All types"
          options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          onChange={(type) => update({ type })}
        />
        <SelectField
          id="search-state"
          label="State"
          value={filters.state}
          any="Any live flag"
          options={STATES}
          onChange={(state) => update({ state: state as SearchFilters['state'] })}
        />
      </form>
      <ErrorNotice error={found.error} />
      {found.loading && !found.data ? <Loading what="flags" /> : null}
      <p class="muted small" aria-live="polite">
        {total === 0 ? 'No flag matches.' : `Flags ${from + 1}–${from + shown.length} of ${total}.`}
      </p>
      {shown.length > 0 ? (
        <DataTable caption="Flags found" columns={['Flag', 'Project', 'Type', 'State', 'Tags', 'Created']}>
          {shown.map((f) => (
            <tr key={f.name} data-flag={f.name}>
              <th scope="row">
                <a href={href('projects', f.project, 'features', f.name)}>{f.name}</a>
                {f.description ? <span class="muted small block">{f.description}</span> : null}
              </th>
              <td>{f.project}</td>
              <td>{f.type}</td>
              <td>{stateOf(f)}</td>
              <td>
                <TagList tags={f.tags} />
              </td>
              <td>
                {formatDateTime(f.createdAt)}
                <span class="muted small block">by {f.createdBy.name}</span>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <nav class="actions" aria-label="Pages">
        <button type="button" disabled={offset === 0 || found.loading} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          Previous page
        </button>
        <button type="button" disabled={offset + PAGE >= total || found.loading} onClick={() => setOffset(offset + PAGE)}>
          Next page
        </button>
      </nav>
    </Page>
  );
}
