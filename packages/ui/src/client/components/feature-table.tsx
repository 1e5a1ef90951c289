import { useState } from 'preact/hooks';
import { type ApiError, asApiError } from '../api';
import { needsChangeRequest } from '../change-requests';
import { CHANGED_MEANWHILE, environmentToggle, isChangedMeanwhile, patchFeature } from '../feature-writes';
import { href } from '../router';
import type { Feature } from '../types';
import { ChangeRequestOffer, type BlockedToggle } from './change-request-offer';
import { ErrorNotice, Notice } from './notice';
import { FeatureBadges, TagList } from './feature-bits';
import { SelectedFlagsActions } from './selected-flags-actions';
import { SelectField } from './select-field';
import { useTagColors } from '../tags';
import { useSelection } from '../use-selection';
import { ToggleSwitch } from './toggle-switch';

export interface FeatureFilters {
  text: string;
  type: string;
  state: 'active' | 'stale' | 'archived' | 'all';
  tag: string;
}

const STATES = [
  { value: 'active', label: 'Not archived' },
  { value: 'stale', label: 'Stale' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

export const NO_FILTERS: FeatureFilters = { text: '', type: '', state: 'active', tag: '' };

const tagText = (t: { type: string; value: string }) => `${t.type}: ${t.value}`;
/** A tag's identity for the filter: the (type, value) pair, so `a:b`+`c` and `a`+`b:c` stay two tags. */
const tagKey = (t: { type: string; value: string }) => JSON.stringify([t.type, t.value]);

export function filterFeatures(features: Feature[], f: FeatureFilters): Feature[] {
  const text = f.text.trim().toLowerCase();
  return features.filter((feature) => {
    if (f.type && feature.type !== f.type) return false;
    if (f.state === 'active' && feature.archived) return false;
    if (f.state === 'stale' && !(feature.stale && !feature.archived)) return false;
    if (f.state === 'archived' && !feature.archived) return false;
    if (f.tag && !(feature.tags ?? []).some((t) => tagKey(t) === f.tag)) return false;
    if (!text) return true;
    const haystack = [feature.name, feature.description ?? '', ...(feature.tags ?? []).map(tagText)].join(' ').toLowerCase();
    return haystack.includes(text);
  });
}

/** A project's flags with a switch per environment; `onChanged` gets the feature as the API returned it. */
export function FeatureTable(props: { projectId: string; features: Feature[]; onChanged(feature: Feature): void; onReload(): void }) {
  const [filters, setFilters] = useState<FeatureFilters>(NO_FILTERS);
  const tagColors = useTagColors();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | undefined>();
  const [conflict, setConflict] = useState(false);
  const [blocked, setBlocked] = useState<BlockedToggle | null>(null);
  // Ticked flags, for the actions on several at once; archived ones take no part (they are read-only).
  const ticked = useSelection();
  const environments = [...new Set(props.features.flatMap((f) => (f.environments ?? []).map((e) => e.name)))];
  const types = [...new Set(props.features.map((f) => f.type ?? ''))].filter(Boolean).sort();
  const tagsByKey = new Map(props.features.flatMap((f) => (f.tags ?? []).map((t) => [tagKey(t), tagText(t)] as const)));
  const tags = [...tagsByKey]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const shown = filterFeatures(props.features, filters);
  const update = (change: Partial<FeatureFilters>) => setFilters((f) => ({ ...f, ...change }));
  const selectable = shown.filter((f) => !f.archived).map((f) => f.name);
  const selected = props.features.filter((f) => !f.archived && ticked.has(f.name)).map((f) => f.name);
  const allTicked = selectable.length > 0 && selectable.every((n) => ticked.has(n));
  const tick = ticked.tick;

  async function toggle(feature: Feature, environment: string) {
    const id = `${feature.name}/${environment}`;
    setBusy(id);
    setError(undefined);
    setConflict(false);
    setBlocked(null);
    try {
      const { data } = await patchFeature(props.projectId, feature.name, environmentToggle(feature, environment));
      props.onChanged(data);
    } catch (e) {
      if (isChangedMeanwhile(e)) setConflict(true);
      else setError(asApiError(e));
      if (needsChangeRequest(e))
        setBlocked({ feature: feature.name, environment, enabled: !feature.environments?.find((x) => x.name === environment)?.enabled });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="flags-heading">
      <h2 id="flags-heading">Flags</h2>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role; <search> is not yet in every browser the page supports */}
      <form class="filters" role="search" aria-label="Filter flags" onSubmit={(e) => e.preventDefault()}>
        <div class="field">
          <label for="flag-search">Search</label>
          <input
            id="flag-search"
            type="search"
            value={filters.text}
            placeholder="Name, description or tag"
            onInput={(e) => update({ text: e.currentTarget.value })}
          />
        </div>
        <SelectField
          id="flag-type"
          label="Type"
          value={filters.type}
          any="All types"
          options={types}
          onChange={(type) => update({ type })}
        />
        <SelectField
          id="flag-state"
          label="State"
          value={filters.state}
          options={STATES}
          onChange={(state) => update({ state: state as FeatureFilters['state'] })}
        />
        <SelectField id="flag-tag" label="Tag" value={filters.tag} any="Any tag" options={tags} onChange={(tag) => update({ tag })} />
      </form>
      {conflict ? (
        <Notice kind="error">
          {CHANGED_MEANWHILE}{' '}
          <button type="button" onClick={() => (setConflict(false), props.onReload())}>
            Reload
          </button>
        </Notice>
      ) : null}
      <ErrorNotice error={error} />
      {blocked ? (
        <ChangeRequestOffer key={`${blocked.feature}/${blocked.environment}`} projectId={props.projectId} blocked={blocked} />
      ) : null}
      <p class="muted small" aria-live="polite">
        Showing {shown.length} of {props.features.length} flags.
      </p>
      <div class="table-wrap">
        <table class="flags">
          <caption class="visually-hidden">Flags of the project, with a switch per environment</caption>
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label="Select all flags shown"
                  checked={allTicked}
                  disabled={selectable.length === 0}
                  onChange={() => tick(selectable, !allTicked)}
                />
              </th>
              <th scope="col">Flag</th>
              <th scope="col">Type</th>
              {environments.map((env) => (
                <th scope="col" key={env}>
                  {env}
                </th>
              ))}
              <th scope="col">State</th>
              <th scope="col">Tags</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((feature) => (
              <tr key={feature.name} data-flag={feature.name}>
                <td>
                  {feature.archived ? null : (
                    <input
                      type="checkbox"
                      aria-label={`Select ${feature.name}`}
                      checked={ticked.has(feature.name)}
                      onChange={(e) => tick([feature.name], e.currentTarget.checked)}
                    />
                  )}
                </td>
                <th scope="row">
                  <a href={href('projects', props.projectId, 'features', feature.name)}>{feature.name}</a>
                  {feature.description ? <span class="muted small block">{feature.description}</span> : null}
                </th>
                <td>{feature.type ?? '—'}</td>
                {environments.map((env) => {
                  const entry = feature.environments?.find((e) => e.name === env);
                  return (
                    <td key={env}>
                      {entry ? (
                        <ToggleSwitch
                          checked={entry.enabled}
                          label={`${feature.name} in ${env}`}
                          busy={busy === `${feature.name}/${env}`}
                          onToggle={() => void toggle(feature, env)}
                        />
                      ) : (
                        '—'
                      )}
                    </td>
                  );
                })}
                <td>
                  <FeatureBadges feature={feature} />
                </td>
                <td>
                  <TagList tags={feature.tags ?? []} colors={tagColors} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SelectedFlagsActions
        projectId={props.projectId}
        selected={selected}
        features={props.features}
        environments={environments}
        onDone={(clear) => {
          if (clear) ticked.clear();
          props.onReload();
        }}
      />
    </section>
  );
}
