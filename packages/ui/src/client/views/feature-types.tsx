import { useState } from 'preact/hooks';
import { getCurrentKey } from '../change-requests';
import { ActionNotices } from '../components/confirm-button';
import { ErrorNotice, Loading } from '../components/notice';
import { Page } from '../components/page';
import { type FeatureType, listFeatureTypes, updateFeatureTypeLifetime } from '../environments';
import { type Action, useAction } from '../use-action';
import { useResource } from '../use-resource';
import { DataTable } from '../components/data-table';

const lifetimeText = (days: number | null) => (days ? `${days} days` : 'never');

/** One type's lifetime as a form (ADMIN): days, 0 or empty for never potentially stale. */
function LifetimeForm({ type, action, onSaved }: { type: FeatureType; action: Action; onSaved(): void }) {
  const [days, setDays] = useState(type.lifetimeDays === null ? '' : String(type.lifetimeDays));
  const id = `lifetime-${type.id}`;
  return (
    <form
      class="inline-form"
      onSubmit={async (e) => {
        e.preventDefault();
        const value = days.trim() === '' ? null : Number(days);
        if (await action.run(() => updateFeatureTypeLifetime(type.id, value), `${type.name}: ${lifetimeText(value)}.`)) onSaved();
      }}
    >
      <div class="field">
        <label for={id}>Lifetime of {type.name} in days</label>
        <input
          id={id}
          type="number"
          min={0}
          step={1}
          value={days}
          aria-describedby="lifetime-hint"
          onInput={(e) => setDays(e.currentTarget.value)}
        />
      </div>
      <button type="submit" class="primary" disabled={action.busy} aria-label={`Save lifetime of ${type.name}`}>
        Save
      </button>
    </form>
  );
}

/** The feature types and their lifetimes: a flag older than its type's lifetime is potentially stale. */
export function FeatureTypesView() {
  const me = useResource(getCurrentKey, []);
  const types = useResource(listFeatureTypes, []);
  const action = useAction();
  const admin = me.data?.role === 'admin';
  return (
    <Page
      title="Feature types"
      lead="A flag that is neither stale nor archived becomes potentially stale once it is older than its type's lifetime."
    >
      <ErrorNotice error={types.error} />
      <ActionNotices action={action} />
      {types.loading && !types.data ? <Loading what="feature types" /> : null}
      {types.data ? (
        <DataTable caption="Feature types and their lifetimes" columns={['Type', 'Description', 'Lifetime', admin ? 'Change' : null]}>
          {types.data.map((t) => (
            <tr key={t.id} data-type={t.id}>
              <th scope="row">{t.name}</th>
              <td>{t.description}</td>
              <td>{lifetimeText(t.lifetimeDays)}</td>
              {admin ? (
                <td>
                  <LifetimeForm key={`${t.id}:${t.lifetimeDays}`} type={t} action={action} onSaved={types.reload} />
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      ) : null}
      {admin ? (
        <p id="lifetime-hint" class="muted small">
          0 or empty: never potentially stale.
        </p>
      ) : null}
    </Page>
  );
}
