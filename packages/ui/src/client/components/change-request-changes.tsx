import { api, seg } from '../api';
import { changeSides } from '../change-diff';
import { isClosed } from '../change-request-moves';
import { formatDateTime } from '../format';
import { href } from '../router';
import type { ChangeRequest, ChangeRequestChange, Feature } from '../types';
import { useResource } from '../use-resource';
import { DiffView } from './diff-view';
import { Loading } from './notice';
import { who } from './person';

function ChangeItem({ change, live }: { change: ChangeRequestChange; live: { feature: Feature; environment: string } | null }) {
  const { before, after } = changeSides(change.action, change.payload, live);
  return (
    <li class="change" data-change={change.id}>
      <div>
        <strong>{change.action}</strong>{' '}
        <span class="muted small">
          by {who(change.createdBy)} · {formatDateTime(change.createdAt)}
        </span>
      </div>
      {change.conflict ? <p class="conflict">Conflict: {change.conflict}</p> : null}
      <DiffView before={before} after={after} unchanged="Nothing to change: the flag is already like this." />
    </li>
  );
}

/** The live flags an open request changes, so each change shows what it replaces (none for a closed one). */
function useLiveFeatures(cr: ChangeRequest) {
  const open = !isClosed(cr.state);
  const names = cr.features.map((f) => f.name);
  return useResource(async () => {
    if (!open) return new Map<string, Feature>();
    const loaded = await Promise.all(
      names.map((name) =>
        api<Feature>(`/api/admin/projects/${seg(cr.project)}/features/${seg(name)}`).then(
          ({ data }) => [name, data] as const,
          () => null,
        ),
      ),
    );
    return new Map(loaded.filter((entry) => entry !== null));
  }, [cr.id, cr.state, JSON.stringify(cr.features)]);
}

/**
 * The changes of a change request, per feature then segments, each as a diff: on an open request the
 * live value it replaces → the change; on a closed one, what it set. Conflicts as the API shows them.
 */
export function ChangeRequestChanges({ cr }: { cr: ChangeRequest }) {
  const flags = useLiveFeatures(cr);
  const live = flags.data;
  const liveOf = (name: string) => {
    const feature = isClosed(cr.state) ? undefined : live?.get(name);
    return feature ? { feature, environment: cr.environment } : null;
  };
  return (
    <section aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes</h2>
      {cr.features.length === 0 && cr.segments.length === 0 ? <p>No changes.</p> : null}
      {!live ? <Loading what="the flags it changes" /> : null}
      {live &&
        cr.features.map((f) => (
          <article key={f.name} class="cr-feature" aria-labelledby={`cr-f-${f.name}`}>
            <h3 id={`cr-f-${f.name}`}>
              <a href={href('projects', cr.project, 'features', f.name)}>{f.name}</a>
            </h3>
            {f.conflict ? <p class="conflict">Conflict: {f.conflict}</p> : null}
            <ul class="plain-list">
              {f.changes.map((c) => (
                <ChangeItem key={c.id} change={c} live={liveOf(f.name)} />
              ))}
            </ul>
          </article>
        ))}
      {cr.segments.length > 0 ? (
        <article class="cr-feature" aria-labelledby="cr-segments">
          <h3 id="cr-segments">Segments</h3>
          <ul class="plain-list">
            {cr.segments.map((c) => (
              <ChangeItem key={c.id} change={c} live={null} />
            ))}
          </ul>
        </article>
      ) : null}
    </section>
  );
}
