import { useState } from 'preact/hooks';
import { api, type ApiError, asApiError, seg } from '../api';
import { FEATURE_TYPES, type Feature } from '../types';
import { FlagNameField } from './flag-name-field';
import { ErrorNotice } from './notice';
import { SelectField } from './select-field';

/** POST /api/admin/projects/:p/features; the API validates the name and answers 409 for a taken one. */
export function CreateFeatureForm({ projectId, onCreated }: { projectId: string; onCreated(feature: Feature): void }) {
  const [name, setName] = useState('');
  const [type, setType] = useState<string>('release');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<ApiError | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const body = { name: name.trim(), type, ...(description.trim() ? { description: description.trim() } : {}) };
      const { data } = await api<Feature>(`/api/admin/projects/${seg(projectId)}/features`, { method: 'POST', body });
      setName('');
      setDescription('');
      onCreated(data);
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="create-heading">
      <h2 id="create-heading">Create a flag</h2>
      <form class="create-flag" onSubmit={submit}>
        <FlagNameField id="new-flag-name" label="Name" value={name} onInput={setName} />
        <SelectField id="new-flag-type" label="Type" value={type} options={FEATURE_TYPES} onChange={setType} />
        <div class="field grow">
          <label for="new-flag-description">Description</label>
          <input id="new-flag-description" value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        </div>
        <button type="submit" class="primary" disabled={busy}>
          Create flag
        </button>
      </form>
      <ErrorNotice error={error} />
    </section>
  );
}
