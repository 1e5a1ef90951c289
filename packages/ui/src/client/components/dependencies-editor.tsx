import { useState } from 'preact/hooks';
import { api, seg } from '../api';
import { addDependency, removeDependency } from '../config-writes';
import { href } from '../router';
import type { Feature } from '../types';
import type { Commit } from '../use-feature-editing';
import { useResource } from '../use-resource';
import { SelectField } from './select-field';

const PARENT_STATES = [
  { value: 'true', label: 'on' },
  { value: 'false', label: 'off' },
];

/**
 * The flags this one depends on (on only while they are on, or off), each with Remove, and a form to
 * add a parent from the same project. The API allows one level: a parent has no parents of its own.
 */
export function DependenciesEditor({ feature, busy, commit }: { feature: Feature; busy: boolean; commit: Commit }) {
  const projectId = feature.project ?? '';
  const dependencies = feature.dependencies ?? [];
  const flags = useResource(
    async () => (await api<{ features: Feature[] }>(`/api/admin/projects/${seg(projectId)}/features`)).data.features,
    [projectId],
  );
  const [parent, setParent] = useState('');
  const [enabled, setEnabled] = useState('true');
  const candidates = (flags.data ?? []).filter(
    (f) => f.name !== feature.name && !f.archived && !(f.dependencies ?? []).length && !dependencies.some((d) => d.feature === f.name),
  );
  const isParent = (feature.children ?? []).length > 0;
  return (
    <section aria-labelledby="deps-heading">
      <h2 id="deps-heading">Dependencies</h2>
      {dependencies.length === 0 ? <p class="muted small">This flag depends on no other flag.</p> : null}
      <ul class="plain-list">
        {dependencies.map((d) => (
          <li key={d.feature} class="inline-control">
            <span>
              Needs <a href={href('projects', projectId, 'features', d.feature)}>{d.feature}</a> {d.enabled === false ? 'off' : 'on'}
              {d.variants?.length ? ` with variant ${d.variants.join(' or ')}` : ''}
            </span>
            <button
              type="button"
              disabled={busy}
              onClick={() => void commit('Dependency removal', () => removeDependency(projectId, feature.name, d.feature))}
            >
              Remove dependency on {d.feature}
            </button>
          </li>
        ))}
      </ul>
      {feature.children?.length ? <p class="small">Flags that depend on this one: {feature.children.join(', ')}.</p> : null}
      {isParent ? (
        <p class="muted small">A flag other flags depend on cannot depend on a flag itself.</p>
      ) : (
        <form
          class="inline-form"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!parent) return;
            if (await commit('Dependency', () => addDependency(projectId, feature.name, { feature: parent, enabled: enabled === 'true' })))
              setParent('');
          }}
        >
          <SelectField
            id="dep-parent"
            label="Parent flag"
            value={parent}
            any="Choose a flag…"
            options={candidates.map((f) => f.name)}
            onChange={setParent}
          />
          <SelectField id="dep-enabled" label="The parent must be" value={enabled} options={PARENT_STATES} onChange={setEnabled} />
          <button type="submit" disabled={busy || !parent}>
            Add dependency
          </button>
        </form>
      )}
    </section>
  );
}
