import { useState } from 'preact/hooks';
import { api } from '../api';
import { getCurrentKey } from '../change-requests';
import { ActionNotices, ConfirmButton } from '../components/confirm-button';
import { describeConstraint } from '../components/constraints-editor';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Page } from '../components/page';
import { SegmentForm } from '../components/segment-form';
import { deleteSegment, listSegments } from '../segments';
import type { Project } from '../types';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';
import { DataTable } from '../components/data-table';

/**
 * Segments: named lists of constraints strategies share. Editor and admin keys create, edit and delete
 * them (the API refuses a segment strategies use, naming them); viewers read them.
 */
export function SegmentsView() {
  const me = useResource(getCurrentKey, []);
  const segments = useResource(listSegments, []);
  const projects = useResource(async () => (await api<{ projects: Project[] }>('/api/admin/projects')).data.projects, []);
  const action = useAction();
  const [editing, setEditing] = useState<number | null>(null);
  const mayEdit = me.data?.role === 'admin' || me.data?.role === 'editor';
  const list = segments.data ?? [];
  const edited = list.find((s) => s.id === editing);
  const saved = () => {
    setEditing(null);
    segments.reload();
  };

  return (
    <Page title="Segments" lead="Named sets of constraints that strategies of every project, or of one, may use.">
      <ErrorNotice error={segments.error ?? projects.error} />
      <ActionNotices action={action} />
      {segments.loading && !segments.data ? <Loading what="segments" /> : null}
      {me.data && !mayEdit ? <Notice kind="info">Only editor and admin keys change segments; this key reads them.</Notice> : null}
      {segments.data && list.length === 0 ? <p class="muted">No segments yet.</p> : null}
      {list.length ? (
        <DataTable caption="Segments" columns={['Segment', 'Project', 'Constraints', mayEdit ? 'Actions' : null]}>
          {list.map((s) => (
            <tr key={s.id} data-segment={s.name}>
              <th scope="row">
                {s.name}
                {s.description ? <span class="muted small block">{s.description}</span> : null}
              </th>
              <td>{s.project ?? 'every project'}</td>
              <td>
                <ul class="plain-list small">
                  {(s.constraints ?? []).map((c, i) => (
                    <li key={i}>
                      <code>{describeConstraint(c)}</code>
                    </li>
                  ))}
                </ul>
              </td>
              {mayEdit ? (
                <td>
                  <div class="actions">
                    <button type="button" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s.id)}>
                      Edit
                    </button>
                    <ConfirmButton
                      text="Delete"
                      label={`Delete ${s.name}`}
                      question={`Delete segment ${s.name}?`}
                      confirm={`Yes, delete ${s.name}`}
                      busy={action.busy}
                      onConfirm={async () => (await action.run(() => deleteSegment(s.id), `Segment ${s.name} deleted.`)) && (saved(), true)}
                    />
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      ) : null}
      {mayEdit && segments.data ? (
        <SegmentForm
          key={edited?.id ?? 'new'}
          segment={edited}
          projects={projects.data ?? []}
          action={action}
          onSaved={saved}
          {...(edited ? { onCancel: () => setEditing(null) } : {})}
        />
      ) : null}
    </Page>
  );
}
