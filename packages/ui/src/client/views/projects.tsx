import { api } from '../api';
import { getCurrentKey } from '../change-requests';
import { ActionNotices } from '../components/confirm-button';
import { CreateProjectForm } from '../components/create-project-form';
import { HealthBar } from '../components/health-bar';
import { ErrorNotice, Loading } from '../components/notice';
import { Page } from '../components/page';
import { formatDateTime } from '../format';
import { href } from '../router';
import type { Project } from '../types';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';

/** Every project the key sees, with health and the feature figures the API computes. */
export function ProjectsView() {
  const projects = useResource(async () => (await api<{ projects: Project[] }>('/api/admin/projects')).data.projects, []);
  const me = useResource(getCurrentKey, []);
  const action = useAction();
  const list = projects.data ?? [];
  const totals = list.reduce((t, p) => ({ features: t.features + p.featureCount, stale: t.stale + p.staleFeatureCount }), {
    features: 0,
    stale: 0,
  });
  return (
    <Page title="Projects">
      <ErrorNotice error={projects.error} />
      {projects.loading && !projects.data ? <Loading what="projects" /> : null}
      {projects.data ? (
        <>
          <p class="summary" data-testid="projects-summary">
            {list.length} projects, {totals.features} flags, {totals.stale} stale.
          </p>
          <div class="table-wrap">
            <table class="projects">
              <caption class="visually-hidden">Projects with their health and flag counts</caption>
              <thead>
                <tr>
                  <th scope="col">Project</th>
                  <th scope="col">Health</th>
                  <th scope="col" class="num">
                    Flags
                  </th>
                  <th scope="col" class="num">
                    Stale
                  </th>
                  <th scope="col" class="num">
                    Potentially stale
                  </th>
                  <th scope="col" class="num">
                    Members
                  </th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {list.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">
                      <a href={href('projects', p.id)}>{p.name}</a>
                      <span class="muted small block">
                        {p.id}
                        {p.mode && p.mode !== 'open' ? ` · ${p.mode}` : ''}
                      </span>
                    </th>
                    <td>
                      <span class="health">
                        <HealthBar project={p} />
                        <span class="health-value">{p.health}%</span>
                      </span>
                    </td>
                    <td class="num">{p.featureCount}</td>
                    <td class="num">{p.staleFeatureCount}</td>
                    <td class="num">{p.potentiallyStaleFeatureCount}</td>
                    <td class="num">{p.memberCount ?? '—'}</td>
                    <td>{formatDateTime(p.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p class="legend" aria-hidden="true">
            <span class="key key-healthy" /> healthy <span class="key key-potential" /> potentially stale <span class="key key-stale" />{' '}
            stale
          </p>
        </>
      ) : null}
      <ActionNotices action={action} />
      {projects.data && me.data?.role === 'admin' && me.data.projects.includes('*') ? (
        <CreateProjectForm action={action} onCreated={projects.reload} />
      ) : null}
    </Page>
  );
}
