import { useState } from 'preact/hooks';
import { api, seg } from '../api';
import { completeFeature, getLifecycle, reviveFeature, uncompleteFeature } from '../feature-lifecycle';
import { formatDateTime } from '../format';
import { href } from '../router';
import type { Feature } from '../types';
import { useAction } from '../use-action';
import type { FeatureEditing } from '../use-feature-editing';
import { useResource } from '../use-resource';
import { ArchiveFlags } from './archive-flags';
import { ActionNotices } from './confirm-button';
import { Notice } from './notice';
import { SelectField } from './select-field';

const STAGES: Record<string, string> = {
  initial: 'Initial: defined, no SDK has counted it yet',
  'pre-live': 'Pre-live: counted by SDKs outside production',
  live: 'Live: on and counted in production',
  completed: 'Completed',
  archived: 'Archived',
};
const OUTCOMES = [
  { value: 'kept', label: 'Kept (the feature stays)' },
  { value: 'discarded', label: 'Discarded (the feature goes)' },
];

/**
 * A flag's lifecycle: the stages it entered (pre-live and live follow SDK metrics), marking it completed
 * or not, archiving it (with the flags depending on it, when there are), and reviving it from the archive.
 */
export function FeatureLifecyclePanel({ feature, editing }: { feature: Feature; editing: FeatureEditing }) {
  const projectId = feature.project ?? '';
  const { busy, commit } = editing;
  const stages = useResource(() => getLifecycle(projectId, feature.name), [projectId, feature.name, editing.round]);
  const completed = stages.data?.find((s) => s.stage === 'completed');
  const [outcome, setOutcome] = useState<'kept' | 'discarded'>('kept');
  const [note, setNote] = useState('');
  const archiving = useAction();
  const write = (what: string, call: () => Promise<unknown>) => commit(what, async () => (await call(), null));
  const stage = feature.lifecycle?.stage ?? 'initial';

  return (
    <section aria-labelledby="stage-heading">
      <h2 id="stage-heading">Lifecycle</h2>
      <p data-testid="lifecycle-stage">
        Stage: <strong>{STAGES[stage] ?? stage}</strong>, since {formatDateTime(feature.lifecycle?.enteredStageAt)}
      </p>
      {stages.data ? (
        <ol class="plain-list small" aria-label="Stages entered">
          {stages.data.map((s) => (
            <li key={s.stage}>
              {s.stage}
              {s.status ? ` (${s.status})` : ''}: {formatDateTime(s.enteredStageAt)}
            </li>
          ))}
        </ol>
      ) : null}
      {feature.archived ? (
        <>
          <Notice kind="info">
            This flag is archived: served to no SDK and read-only. Revive it to change it again (it comes back off everywhere), or delete it
            for good from <a href={href('projects', projectId, 'archive')}>the project's archive</a>.
          </Notice>
          <button type="button" class="primary" disabled={busy} onClick={() => void write('Revival', () => reviveFeature(feature.name))}>
            Revive flag
          </button>
        </>
      ) : (
        <>
          {completed ? (
            <p class="inline-control">
              <span>Marked completed ({completed.status ?? 'kept'}).</span>
              <button
                type="button"
                disabled={busy}
                onClick={() => void write('Lifecycle', () => uncompleteFeature(projectId, feature.name))}
              >
                Uncomplete
              </button>
            </p>
          ) : (
            <form
              class="inline-form"
              onSubmit={(e) => {
                e.preventDefault();
                void write('Lifecycle', () => completeFeature(projectId, feature.name, outcome, note.trim()));
              }}
            >
              <SelectField
                id="complete-outcome"
                label="Outcome"
                value={outcome}
                options={OUTCOMES}
                onChange={(v) => setOutcome(v as 'kept' | 'discarded')}
              />
              <div class="field">
                <label for="complete-note">Kept variant or note (optional)</label>
                <input id="complete-note" value={note} onInput={(e) => setNote(e.currentTarget.value)} maxLength={255} />
              </div>
              <button type="submit" disabled={busy}>
                Mark completed
              </button>
            </form>
          )}
          <div class="actions">
            <ArchiveFlags
              projectId={projectId}
              names={[feature.name]}
              features={async () => (await api<{ features: Feature[] }>(`/api/admin/projects/${seg(projectId)}/features`)).data.features}
              action={archiving}
              ifMatch={editing.loaded.data?.etag ?? null}
              text="Archive flag"
              onArchived={editing.reload}
            />
          </div>
          <ActionNotices action={archiving} />
        </>
      )}
    </section>
  );
}
