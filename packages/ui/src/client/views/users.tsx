import { useState } from 'preact/hooks';
import { ActionNotices, ConfirmButton } from '../components/confirm-button';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Page } from '../components/page';
import { SelectField } from '../components/select-field';
import { formatDateTime } from '../format';
import {
  createUser,
  deleteUser,
  getAdminCount,
  getMe,
  listUsers,
  makeResetLink,
  type NewUser,
  type RootRole,
  setUserPassword,
  updateUserRole,
  type User,
  userLabel,
} from '../people';
import { type Action, useAction } from '../use-action';
import { useResource } from '../use-resource';

const roleOptions = (roles: RootRole[]) => roles.map((r) => ({ value: String(r.id), label: r.name }));

/** The people of the instance (admins only): list, create, change a role, set a new password or hand over a reset link, delete. */
export function UsersView() {
  const me = useResource(getMe, []);
  const admin = me.data?.role === 'admin';
  const users = useResource(async () => (admin ? listUsers() : undefined), [admin]);
  const admins = useResource(async () => (admin ? getAdminCount() : undefined), [admin, users.data]);
  const action = useAction();
  const roles = users.data?.rootRoles ?? [];
  return (
    <Page title="Users" lead="People who sign in with a password or single sign-on. Each acts with a root role, as a key with that role.">
      <ErrorNotice error={me.error ?? users.error} />
      {me.data && !admin ? <Notice kind="info">Only admins manage users; you are {me.data.role ?? 'not an admin'}.</Notice> : null}
      {admin && !users.data ? <Loading what="the users" /> : null}
      <ActionNotices action={action} />
      {users.data ? (
        <>
          {admins.data ? (
            <p data-testid="admin-count">
              Admins: {admins.data.password} with a password, {admins.data.noPassword} by single sign-on only.
              {admins.data.password === 0
                ? ' Nobody can sign in as an admin with a password: keep an admin key or give an admin a password.'
                : ''}
            </p>
          ) : null}
          <div class="table-wrap">
            <table class="users">
              <caption class="visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Username</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Last seen</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((u) => (
                  <UserRow key={u.id} user={u} roles={roles} action={action} onChanged={users.reload} />
                ))}
              </tbody>
            </table>
          </div>
          <CreateUserForm roles={roles} onCreated={users.reload} />
        </>
      ) : null}
    </Page>
  );
}

function UserRow({ user, roles, action, onChanged }: { user: User; roles: RootRole[]; action: Action; onChanged(): void }) {
  const label = userLabel(user);
  const [role, setRole] = useState(String(user.rootRole));
  const [password, setPassword] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const login = user.email ?? user.username;
  const run = async (write: () => Promise<void>, done: string) => {
    const ok = await action.run(write, done);
    if (ok) onChanged();
    return ok;
  };
  return (
    <tr data-user-id={user.id}>
      <th scope="row">{label}</th>
      <td>{user.username ?? '—'}</td>
      <td>{user.email ?? '—'}</td>
      <td>
        <form
          class="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => updateUserRole(user.id, Number(role)), `${label} is now ${roles.find((r) => String(r.id) === role)?.name}.`);
          }}
        >
          <label class="visually-hidden" for={`role-${user.id}`}>
            Role of {label}
          </label>
          <select id={`role-${user.id}`} value={role} onChange={(e) => setRole(e.currentTarget.value)}>
            {roleOptions(roles).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <button type="submit" disabled={action.busy || role === String(user.rootRole)} aria-label={`Save the role of ${label}`}>
            Save
          </button>
        </form>
      </td>
      <td>{user.seenAt ? formatDateTime(user.seenAt) : 'never'}</td>
      <td>
        <div class="actions">
          {password === null ? (
            <button type="button" aria-label={`Set a new password for ${label}`} onClick={() => setPassword('')}>
              New password
            </button>
          ) : (
            <form
              class="inline-form"
              onSubmit={async (e) => {
                e.preventDefault();
                if (await run(() => setUserPassword(user.id, password), `${label} has a new password; their sessions have ended.`))
                  setPassword(null);
              }}
            >
              <label for={`password-${user.id}`}>New password of {label}</label>
              <input
                id={`password-${user.id}`}
                type="password"
                autocomplete="new-password"
                required
                value={password}
                onInput={(e) => setPassword(e.currentTarget.value)}
              />
              <button type="submit" class="primary" disabled={action.busy}>
                Set password
              </button>
              <button type="button" onClick={() => setPassword(null)}>
                Cancel
              </button>
            </form>
          )}
          {login ? (
            <button
              type="button"
              aria-label={`Make a password reset link for ${label}`}
              disabled={action.busy}
              onClick={async () => {
                let made = '';
                if (
                  await action.run(
                    async () => (made = await makeResetLink(login)),
                    `A reset link for ${label}: hand it over; it works once, for 24 hours.`,
                  )
                )
                  setLink(made);
              }}
            >
              Reset link
            </button>
          ) : null}
          {link ? (
            <span class="reset-link">
              <label for={`reset-link-${user.id}`}>Reset link of {label}</label>
              <input id={`reset-link-${user.id}`} type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
            </span>
          ) : null}
          <a class="button-link" href={`#/users/${user.id}/permissions`} aria-label={`Permissions of ${label}`}>
            Permissions
          </a>
          <ConfirmButton
            text="Delete"
            label={`Delete ${label}`}
            question={`${label} is signed out at once and their tokens stop working.`}
            confirm={`Yes, delete ${label}`}
            busy={action.busy}
            onConfirm={() => run(() => deleteUser(user.id), `${label} deleted.`)}
          />
        </div>
      </td>
    </tr>
  );
}

function CreateUserForm({ roles, onCreated }: { roles: RootRole[]; onCreated(): void }) {
  const empty = { username: '', email: '', name: '', password: '' };
  const [fields, setFields] = useState(empty);
  const [role, setRole] = useState('3');
  const action = useAction();
  const bind = (name: keyof typeof empty) => ({
    id: `new-user-${name}`,
    value: fields[name],
    onInput: (e: { currentTarget: HTMLInputElement }) => setFields({ ...fields, [name]: e.currentTarget.value }),
  });

  async function submit(event: Event) {
    event.preventDefault();
    const user: NewUser = { rootRole: Number(role) };
    for (const name of ['username', 'email', 'name'] as const) if (fields[name].trim()) user[name] = fields[name].trim();
    if (fields.password) user.password = fields.password;
    const label = user.name ?? user.email ?? user.username ?? 'The user';
    if (await action.run(() => createUser(user), `${label} created.`)) {
      setFields(empty);
      onCreated();
    }
  }

  return (
    <section aria-labelledby="new-user-heading">
      <h2 id="new-user-heading">Add a user</h2>
      <form class="create-flag" onSubmit={submit}>
        <div class="field">
          <label for="new-user-username">Username</label>
          <input autocomplete="off" {...bind('username')} />
        </div>
        <div class="field">
          <label for="new-user-email">Email</label>
          <input type="email" autocomplete="off" {...bind('email')} />
        </div>
        <div class="field">
          <label for="new-user-name">Name</label>
          <input autocomplete="off" {...bind('name')} />
        </div>
        <SelectField id="new-user-role" label="Root role" value={role} options={roleOptions(roles)} onChange={setRole} />
        <div class="field">
          <label for="new-user-password">Password (optional)</label>
          <input type="password" autocomplete="new-password" {...bind('password')} />
        </div>
        <button type="submit" class="primary" disabled={action.busy}>
          Add user
        </button>
      </form>
      <ActionNotices action={action} />
    </section>
  );
}
