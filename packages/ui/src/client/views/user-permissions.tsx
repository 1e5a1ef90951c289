import { useState } from 'preact/hooks';
import { DataTable } from '../components/data-table';
import { ErrorNotice, Loading } from '../components/notice';
import { Breadcrumbs, Page } from '../components/page';
import { type GrantedPermission, getUserPermissions, userLabel } from '../people';
import type { Params } from '../router';
import { useResource } from '../use-resource';

/** What a person may do (admins): each permission flagadmin enforces, held or not, in a project and an environment. */
export function UserPermissionsView({ params }: { params: Params }) {
  const id = params['id'] ?? '';
  const [where, setWhere] = useState({ project: 'default', environment: '' });
  const [draft, setDraft] = useState(where);
  const access = useResource(() => getUserPermissions(id, where.project, where.environment), [id, where]);
  const label = access.data ? userLabel(access.data.user) : `user ${id}`;
  const rows: GrantedPermission[] = access.data
    ? [...access.data.overview.root, ...access.data.overview.project, ...access.data.overview.environment]
    : [];
  return (
    <Page title={`Permissions of ${label}`} lead={access.data ? `Root role ${access.data.rootRole.name}.` : undefined}>
      <Breadcrumbs items={[{ label: 'Users', href: '#/users' }, { label: 'Permissions' }]} />
      <form
        class="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          setWhere({ project: draft.project.trim() || 'default', environment: draft.environment.trim() });
        }}
      >
        <label for="permissions-project">Project</label>
        <input id="permissions-project" value={draft.project} onInput={(e) => setDraft({ ...draft, project: e.currentTarget.value })} />
        <label for="permissions-environment">Environment (optional)</label>
        <input
          id="permissions-environment"
          value={draft.environment}
          onInput={(e) => setDraft({ ...draft, environment: e.currentTarget.value })}
        />
        <button type="submit">Show</button>
      </form>
      <ErrorNotice error={access.error} />
      {access.loading && !access.data ? <Loading what="the permissions" /> : null}
      {access.data ? (
        <DataTable caption={`Permissions of ${label}`} columns={['Permission', 'Where', 'Held']}>
          {rows.map((p) => (
            <tr key={`${p.type} ${p.name}`} data-permission={p.name}>
              <th scope="row">
                {p.displayName} <span class="mono muted small">{p.name}</span>
              </th>
              <td>
                {p.type === 'root' ? 'everywhere' : p.type === 'project' ? `project ${where.project}` : `environment ${where.environment}`}
              </td>
              <td>{p.hasPermission ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </Page>
  );
}
