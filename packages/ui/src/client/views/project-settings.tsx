import { api } from '../api';
import { getCurrentKey } from '../change-requests';
import { ChangeRequestSettings } from '../components/change-request-settings';
import { ActionNotices } from '../components/confirm-button';
import { ErrorNotice, Loading } from '../components/notice';
import { Breadcrumbs, Page } from '../components/page';
import { ProjectEnvironments } from '../components/project-environments';
import { listProjectEnvironments } from '../environments';
import { getChangeRequestSettings } from '../project-settings';
import { href, type Params } from '../router';
import type { CurrentKey, Segment } from '../types';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';

/** UPDATE_PROJECT: an admin-role key with the project in scope. */
const mayUpdateProject = (me: CurrentKey | undefined, projectId: string) =>
  me?.role === 'admin' && (me.projects.includes('*') || me.projects.includes(projectId));

/** A project's settings: the environments it uses with their default strategies, and its change-request settings. */
export function ProjectSettingsView({ params }: { params: Params }) {
  const projectId = params['projectId']!;
  const me = useResource(getCurrentKey, []);
  const environments = useResource(() => listProjectEnvironments(projectId), [projectId]);
  const settings = useResource(() => getChangeRequestSettings(projectId), [projectId]);
  const segments = useResource(
    async () =>
      (await api<{ segments: Segment[] }>('/api/admin/segments')).data.segments.filter((s) => !s.project || s.project === projectId),
    [projectId],
  );
  const action = useAction();
  const mayEdit = mayUpdateProject(me.data, projectId);
  const changed = () => {
    environments.reload();
    settings.reload();
  };

  return (
    <>
      <Breadcrumbs
        items={[{ label: 'Projects', href: '#/' }, { label: projectId, href: href('projects', projectId) }, { label: 'Settings' }]}
      />
      <Page title={`Settings of ${projectId}`}>
        <ErrorNotice error={environments.error ?? settings.error} />
        <ActionNotices action={action} />
        {environments.loading && !environments.data ? <Loading what="the project's environments" /> : null}
        {environments.data ? (
          <ProjectEnvironments
            projectId={projectId}
            environments={environments.data}
            segments={segments.data ?? []}
            mayEdit={mayEdit}
            action={action}
            onChanged={changed}
          />
        ) : null}
        {settings.data ? (
          <ChangeRequestSettings
            projectId={projectId}
            settings={settings.data}
            mayEdit={me.data?.role === 'admin' && me.data.projects.includes('*')}
            action={action}
            onSaved={settings.reload}
          />
        ) : null}
      </Page>
    </>
  );
}
