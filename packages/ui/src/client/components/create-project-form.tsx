import { useState } from 'preact/hooks';
import { createProject, type NewProject } from '../project-settings';
import type { Project } from '../types';
import type { Action } from '../use-action';

/** Creates a project (ADMIN): id, name, description. It uses the enabled environments. */
export function CreateProjectForm({ action, onCreated }: { action: Action; onCreated(project: Project): void }) {
  const [fields, setFields] = useState<NewProject>({ id: '', name: '', description: '' });
  const field = (key: keyof NewProject, label: string, extra: Record<string, unknown> = {}) => (
    <div class="field">
      <label for={`new-project-${key}`}>{label}</label>
      <input
        id={`new-project-${key}`}
        maxLength={key === 'description' ? 1000 : 100}
        value={fields[key]}
        onInput={(e) => setFields((f) => ({ ...f, [key]: e.currentTarget.value }))}
        {...extra}
      />
    </div>
  );
  return (
    <section aria-labelledby="new-project-heading">
      <h2 id="new-project-heading">Create a project</h2>
      <form
        class="create-flag"
        onSubmit={async (e) => {
          e.preventDefault();
          const body: NewProject = { id: fields.id.trim(), name: fields.name.trim() };
          if (fields.description?.trim()) body.description = fields.description.trim();
          let created: Project | undefined;
          const ok = await action.run(async () => {
            created = await createProject(body);
          }, `Project ${body.name} created.`);
          if (ok && created) {
            setFields({ id: '', name: '', description: '' });
            onCreated(created);
          }
        }}
      >
        {field('id', 'Project id', { required: true, 'aria-describedby': 'new-project-hint' })}
        {field('name', 'Project name', { required: true })}
        {field('description', 'Description (optional)')}
        <button type="submit" class="primary" disabled={action.busy}>
          Create project
        </button>
      </form>
      <p id="new-project-hint" class="muted small">
        The id names the project in URLs and API keys and cannot be changed. A new project uses the enabled environments.
      </p>
    </section>
  );
}
