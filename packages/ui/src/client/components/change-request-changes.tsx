import { formatDateTime } from '../format';
import { href } from '../router';
import type { ChangeRequest, ChangeRequestChange } from '../types';
import { who } from './person';

function ChangeItem({ change }: { change: ChangeRequestChange }) {
  return (
    <li class="change">
      <div>
        <strong>{change.action}</strong> <span class="muted small">by {who(change.createdBy)} · {formatDateTime(change.createdAt)}</span>
      </div>
      {change.conflict ? <p class="conflict">Conflict: {change.conflict}</p> : null}
      <pre class="payload">{JSON.stringify(change.payload, null, 2)}</pre>
    </li>
  );
}

/** The changes of a change request, per feature then segments, with their payloads and conflicts. */
export function ChangeRequestChanges({ cr }: { cr: ChangeRequest }) {
  const projectId = cr.project;
  return (
    <section aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes</h2>
      {cr.features.length === 0 && cr.segments.length === 0 ? <p>No changes.</p> : null}
      {cr.features.map((f) => (
        <article key={f.name} class="cr-feature" aria-labelledby={`cr-f-${f.name}`}>
          <h3 id={`cr-f-${f.name}`}>
            <a href={href('projects', projectId, 'features', f.name)}>{f.name}</a>
          </h3>
          {f.conflict ? <p class="conflict">Conflict: {f.conflict}</p> : null}
          <ul class="plain-list">
            {f.changes.map((c) => (
              <ChangeItem key={c.id} change={c} />
            ))}
          </ul>
        </article>
      ))}
      {cr.segments.length > 0 ? (
        <article class="cr-feature" aria-labelledby="cr-segments">
          <h3 id="cr-segments">Segments</h3>
          <ul class="plain-list">
            {cr.segments.map((c) => (
              <ChangeItem key={c.id} change={c} />
            ))}
          </ul>
        </article>
      ) : null}
    </section>
  );
}
