import { api, seg } from '../api';
import { ChangeRequestList } from '../components/change-request-list';
import { CreateFeatureForm } from '../components/create-feature-form';
import { FeatureTable } from '../components/feature-table';
import { ErrorNotice, Loading } from '../components/notice';
import { OutdatedSdkList } from '../components/outdated-sdks';
import { ProjectApiTokens } from '../components/project-api-tokens';
import { Breadcrumbs, Page } from '../components/page';
import { href, type Params } from '../router';
import type { Feature, Project } from '../types';
import { useResource } from '../use-resource';

/** One project: its flags (switches, filters, create), outdated SDKs, change requests and API tokens. */
export function ProjectView({ params }: { params: Params }) {
  const projectId = params['projectId']!;
  const project = useResource(
    async () => (await api<{ projects: Project[] }>('/api/admin/projects')).data.projects.find((p) => p.id === projectId),
    [projectId],
  );
  const features = useResource(
    async () => (await api<{ features: Feature[] }>(`/api/admin/projects/${seg(projectId)}/features`)).data.features,
    [projectId],
  );
  const title = project.data?.name ?? projectId;

  const replaceFeature = (changed: Feature) => features.set((features.data ?? []).map((f) => (f.name === changed.name ? changed : f)));

  return (
    <>
      <Breadcrumbs items={[{ label: 'Projects', href: '#/' }, { label: title }]} />
      <Page title={title} lead={project.data?.description}>
        <p>
          <a href={href('projects', projectId, 'settings')}>Settings: environments, default strategies, change requests</a>
        </p>
        <p>
          <a href={href('projects', projectId, 'archive')}>Archived flags: revive or delete for good</a>
        </p>
        <ErrorNotice error={features.error} />
        {features.loading && !features.data ? <Loading what="flags" /> : null}
        {features.data ? (
          <FeatureTable projectId={projectId} features={features.data} onChanged={replaceFeature} onReload={features.reload} />
        ) : null}
        {features.data ? (
          <CreateFeatureForm projectId={projectId} onCreated={(created) => features.set([...(features.data ?? []), created])} />
        ) : null}
        <OutdatedSdkList projectId={projectId} />
        <ChangeRequestList projectId={projectId} />
        <ProjectApiTokens projectId={projectId} />
      </Page>
    </>
  );
}
