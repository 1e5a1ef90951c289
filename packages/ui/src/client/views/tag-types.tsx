import { useState } from 'preact/hooks';
import { ActionNotices, ConfirmButton } from '../components/confirm-button';
import { DataTable } from '../components/data-table';
import { ErrorNotice, Loading } from '../components/notice';
import { Page } from '../components/page';
import { createTagType, deleteTagType, listTagTypes } from '../tags';
import { type Action, useAction } from '../use-action';
import { useResource } from '../use-resource';

/** A new tag type: a name (the API's rules: 2–50 URL-safe characters), a description and a colour. */
function CreateTagTypeForm({ action, onCreated }: { action: Action; onCreated(): void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [color, setColor] = useState('#1a73e8');
  return (
    <form
      class="inline-form"
      aria-labelledby="new-tag-type-heading"
      onSubmit={async (e) => {
        e.preventDefault();
        const body = { name: name.trim(), description: description.trim(), color: color.toUpperCase() };
        if (await action.run(() => createTagType(body), `Tag type ${body.name} created.`)) {
          setName('');
          setDescription('');
          onCreated();
        }
      }}
    >
      <div class="field">
        <label for="tag-type-name">Name</label>
        <input id="tag-type-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} size={14} />
      </div>
      <div class="field grow">
        <label for="tag-type-description">Description</label>
        <input id="tag-type-description" value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="tag-type-color">Colour</label>
        <input id="tag-type-color" type="color" value={color} onInput={(e) => setColor(e.currentTarget.value)} />
      </div>
      <button type="submit" class="primary" disabled={action.busy || !name.trim()}>
        Create tag type
      </button>
    </form>
  );
}

/** The tag types, with their colours: created, and deleted (the API refuses while a flag carries a tag of it). */
export function TagTypesView() {
  const types = useResource(listTagTypes, []);
  const action = useAction();
  return (
    <Page title="Tag types" lead="A tag is a type and a value; each type has a colour, shown beside its tags.">
      <ErrorNotice error={types.error} />
      <ActionNotices action={action} />
      {types.loading && !types.data ? <Loading what="tag types" /> : null}
      {types.data ? (
        <DataTable caption="Tag types" columns={['Type', 'Description', 'Colour', 'Delete']}>
          {types.data.map((t) => (
            <tr key={t.name} data-tag-type={t.name}>
              <th scope="row">{t.name}</th>
              <td>{t.description}</td>
              <td>
                {t.color ? (
                  <>
                    <span class="tag-swatch" aria-hidden="true" style={{ backgroundColor: t.color }} /> {t.color}
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td>
                <ConfirmButton
                  text="Delete"
                  label={`Delete tag type ${t.name}`}
                  question={`Delete the tag type ${t.name} and its unused tags?`}
                  confirm={`Delete ${t.name}`}
                  busy={action.busy}
                  onConfirm={async () => {
                    const done = await action.run(() => deleteTagType(t.name), `Tag type ${t.name} deleted.`);
                    if (done) types.reload();
                    return true;
                  }}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <h2 id="new-tag-type-heading">New tag type</h2>
      <CreateTagTypeForm action={action} onCreated={types.reload} />
    </Page>
  );
}
