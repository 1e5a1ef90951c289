import { useState } from 'preact/hooks';
import { type ApiError, asApiError } from '../api';
import {
  addLegalValue,
  type ContextField,
  createContextField,
  deleteContextField,
  forgetContextFields,
  listContextFields,
  removeLegalValue,
  updateContextField,
} from '../context-fields';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Page } from '../components/page';
import { useResource } from '../use-resource';

/** Runs a write, then reloads; the API's error (a 409 naming where a field is used) is shown. */
function useWrite(onDone: () => void) {
  const [error, setError] = useState<ApiError | undefined>();
  const [busy, setBusy] = useState(false);
  const run = async (write: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    try {
      await write();
      forgetContextFields();
      onDone();
      return true;
    } catch (e) {
      setError(asApiError(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

function CreateFieldForm({ onCreated }: { onCreated(): void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [values, setValues] = useState('');
  const [stickiness, setStickiness] = useState(false);
  const { error, busy, run } = useWrite(onCreated);
  return (
    <form
      class="panel"
      aria-labelledby="new-context-field"
      onSubmit={async (e) => {
        e.preventDefault();
        const legalValues = [...new Set(values.split('\n').map((v) => v.trim()))].filter(Boolean).map((value) => ({ value }));
        if (await run(() => createContextField({ name: name.trim(), description, stickiness, legalValues }))) {
          setName('');
          setDescription('');
          setValues('');
          setStickiness(false);
        }
      }}
    >
      <h2 id="new-context-field">New context field</h2>
      <ErrorNotice error={error} />
      <div class="form-row">
        <div class="field">
          <label for="cf-name">Name</label>
          <input id="cf-name" value={name} required maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
        </div>
        <div class="field grow">
          <label for="cf-description">Description</label>
          <input id="cf-description" value={description} maxLength={250} onInput={(e) => setDescription(e.currentTarget.value)} />
        </div>
      </div>
      <div class="field">
        <label for="cf-values">Legal values (one per line; none: any value)</label>
        <textarea id="cf-values" rows={3} value={values} onInput={(e) => setValues(e.currentTarget.value)} />
      </div>
      <label class="check">
        <input type="checkbox" checked={stickiness} onChange={(e) => setStickiness(e.currentTarget.checked)} /> Usable as stickiness
      </label>
      <button type="submit" class="primary" disabled={busy}>
        Create context field
      </button>
    </form>
  );
}

/** One field's editor: description, stickiness, legal values added and removed, and deletion asked twice. */
function FieldEditor({ field, onChanged, onClose }: { field: ContextField; onChanged(): void; onClose(): void }) {
  const [description, setDescription] = useState(field.description);
  const [stickiness, setStickiness] = useState(field.stickiness);
  const [value, setValue] = useState('');
  const [valueDescription, setValueDescription] = useState('');
  const [confirm, setConfirm] = useState(false);
  const { error, busy, run } = useWrite(onChanged);
  const id = `cf-edit-${field.name}`;
  return (
    <section class="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Edit {field.name}</h2>
      <ErrorNotice error={error} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => updateContextField(field, { description, stickiness }));
        }}
      >
        <div class="field grow">
          <label for={`${id}-description`}>Description of {field.name}</label>
          <input id={`${id}-description`} value={description} maxLength={250} onInput={(e) => setDescription(e.currentTarget.value)} />
        </div>
        <label class="check">
          <input type="checkbox" checked={stickiness} onChange={(e) => setStickiness(e.currentTarget.checked)} /> Usable as stickiness
        </label>
        <button type="submit" disabled={busy}>
          Save {field.name}
        </button>
      </form>
      <h3>Legal values</h3>
      {field.legalValues.length === 0 ? <p class="muted small">None: a constraint on {field.name} may take any value.</p> : null}
      <ul class="legal-values">
        {field.legalValues.map((v) => (
          <li key={v.value}>
            <code>{v.value}</code>
            {v.description ? ` ${v.description}` : ''}{' '}
            <button type="button" disabled={busy} onClick={() => void run(() => removeLegalValue(field.name, v.value))}>
              Remove legal value {v.value}
            </button>
          </li>
        ))}
      </ul>
      <form
        class="form-row"
        onSubmit={async (e) => {
          e.preventDefault();
          const legal = { value: value.trim(), ...(valueDescription ? { description: valueDescription } : {}) };
          if (await run(() => addLegalValue(field.name, legal))) {
            setValue('');
            setValueDescription('');
          }
        }}
      >
        <div class="field">
          <label for={`${id}-value`}>Legal value</label>
          <input id={`${id}-value`} value={value} required maxLength={100} onInput={(e) => setValue(e.currentTarget.value)} />
        </div>
        <div class="field grow">
          <label for={`${id}-value-description`}>Its description</label>
          <input id={`${id}-value-description`} value={valueDescription} onInput={(e) => setValueDescription(e.currentTarget.value)} />
        </div>
        <button type="submit" disabled={busy}>
          Add legal value
        </button>
      </form>
      <div class="form-row">
        {confirm ? (
          <>
            <span>Delete {field.name} for good?</span>
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() => void run(() => deleteContextField(field.name)).then((ok) => ok && onClose())}
            >
              Yes, delete {field.name}
            </button>
            <button type="button" onClick={() => setConfirm(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" class="danger" onClick={() => setConfirm(true)}>
            Delete {field.name}
          </button>
        )}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}

/**
 * The context fields constraints and stickiness may name: the built-ins, the instance's and the projects'
 * (list, create, edit, legal values, delete; a field in use is refused, naming where).
 */
export function ContextFieldsView() {
  const fields = useResource(listContextFields, []);
  const [editing, setEditing] = useState<string | null>(null);
  const current = fields.data?.find((f) => f.name === editing);
  return (
    <Page
      title="Context fields"
      lead="What constraints may name, with the values they may take, and which fields can be a stickiness. A field in use cannot be deleted."
    >
      <ErrorNotice error={fields.error} />
      {fields.loading && !fields.data ? <Loading what="the context fields" /> : null}
      {fields.data ? (
        <div class="table-wrap">
          <table class="context-fields">
            <caption class="visually-hidden">Context fields</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
                <th scope="col">Legal values</th>
                <th scope="col">Stickiness</th>
                <th scope="col">Project</th>
                <th scope="col">Used in</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {fields.data.map((f) => (
                <tr key={f.name} data-field={f.name}>
                  <th scope="row">{f.name}</th>
                  <td>{f.description}</td>
                  <td>{f.legalValues.length ? f.legalValues.map((v) => v.value).join(', ') : 'any'}</td>
                  <td>{f.stickiness ? 'yes' : 'no'}</td>
                  <td>{f.project ?? 'all'}</td>
                  <td>
                    {f.usedInFeatures ?? 0} flag{f.usedInFeatures === 1 ? '' : 's'}
                  </td>
                  <td>
                    <button type="button" onClick={() => setEditing(f.name)}>
                      Edit {f.name}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {editing && !current && !fields.loading ? <Notice kind="info">{editing} is gone.</Notice> : null}
      {current ? <FieldEditor key={current.name} field={current} onChanged={fields.reload} onClose={() => setEditing(null)} /> : null}
      <CreateFieldForm onCreated={fields.reload} />
    </Page>
  );
}
