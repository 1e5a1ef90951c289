import { useState } from 'preact/hooks';
import { saveSegment } from '../segments';
import type { Segment } from '../types';
import type { Action } from '../use-action';
import { ConstraintsEditor, fromDraft, toDraft, type ConstraintDraft } from './constraints-editor';
import { SelectField } from './select-field';

/** Creates a segment, or edits `segment`: name, description, project (or every project) and constraints. */
export function SegmentForm(props: {
  segment: Segment | undefined;
  projects: readonly { id: string; name: string }[];
  action: Action;
  onSaved(): void;
  onCancel?(): void;
}) {
  const initial = props.segment;
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [project, setProject] = useState(initial?.project ?? '');
  const [constraints, setConstraints] = useState<ConstraintDraft[]>(() => (initial?.constraints ?? []).map(toDraft));
  const id = initial ? `segment-${initial.id}` : 'new-segment';
  const heading = initial ? `Edit segment ${initial.name}` : 'Create a segment';

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <form
        class="strategy-form"
        aria-label={heading}
        onSubmit={async (e) => {
          e.preventDefault();
          const body = {
            name: name.trim(),
            description: description.trim() || null,
            project: project || null,
            constraints: constraints.map(fromDraft),
          };
          if (await props.action.run(() => saveSegment(initial?.id, body), `Segment ${body.name} saved.`)) {
            if (!initial) {
              setName('');
              setDescription('');
              setConstraints([]);
            }
            props.onSaved();
          }
        }}
      >
        <div class="form-row">
          <div class="field">
            <label for={`${id}-name`}>Segment name</label>
            <input id={`${id}-name`} required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </div>
          <div class="field grow">
            <label for={`${id}-description`}>Description (optional)</label>
            <input id={`${id}-description`} maxLength={1000} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
          </div>
          <SelectField
            id={`${id}-project`}
            label="Project"
            value={project}
            any="Every project"
            options={props.projects.map((p) => ({ value: p.id, label: p.name }))}
            onChange={setProject}
          />
        </div>
        <ConstraintsEditor idPrefix={id} constraints={constraints} onChange={setConstraints} />
        <div class="form-row">
          <button type="submit" class="primary" disabled={props.action.busy}>
            Save segment
          </button>
          {props.onCancel ? (
            <button type="button" onClick={props.onCancel}>
              Cancel
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
