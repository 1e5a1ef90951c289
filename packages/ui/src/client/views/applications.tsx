import { useState } from 'preact/hooks';
import { DataTable } from '../components/data-table';
import { ErrorNotice, Loading } from '../components/notice';
import { Breadcrumbs, Page } from '../components/page';
import { formatDateTime } from '../format';
import { href, type Params } from '../router';
import { getApplicationInstances, getApplicationOverview, getApplications } from '../usage';
import { useResource } from '../use-resource';

/** The applications SDKs registered or reported usage from, with their SDK and the projects they use. */
export function ApplicationsView() {
  const apps = useResource(getApplications, []);
  return (
    <Page title="Applications" lead="The applications whose SDKs registered or reported usage, with their SDK and the projects they use.">
      <ErrorNotice error={apps.error} />
      {apps.loading && !apps.data ? <Loading what="applications" /> : null}
      {apps.data && apps.data.length === 0 ? <p>No application has connected yet.</p> : null}
      {apps.data && apps.data.length > 0 ? (
        <DataTable caption="Applications" columns={['Application', 'SDK', 'Projects']}>
          {apps.data.map((app) => (
            <tr key={app.appName} data-app={app.appName}>
              <th scope="row">
                <a href={href('applications', app.appName)}>{app.appName}</a>
              </th>
              <td>{app.sdkVersion ? <code>{app.sdkVersion}</code> : '—'}</td>
              <td>{app.usage.map((u) => u.project).join(', ') || '—'}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </Page>
  );
}

/** One application: its projects and features, and per environment its instances, SDKs and issues. */
export function ApplicationView({ params }: { params: Params }) {
  const appName = params['appName']!;
  const overview = useResource(() => getApplicationOverview(appName), [appName]);
  const [shown, setShown] = useState<string | null>(null);
  const o = overview.data;
  return (
    <>
      <Breadcrumbs items={[{ label: 'Applications', href: href('applications') }, { label: appName }]} />
      <Page title={appName}>
        <ErrorNotice error={overview.error} />
        {overview.loading && !o ? <Loading what="the application" /> : null}
        {o ? (
          <>
            <dl class="facts">
              <dt>Projects</dt>
              <dd>{o.projects.join(', ') || '—'}</dd>
              <dt>Flags used</dt>
              <dd data-testid="feature-count">{o.featureCount}</dd>
              <dt>Strategies it lacks</dt>
              <dd>{o.issues.missingStrategies.join(', ') || 'none'}</dd>
            </dl>
            <DataTable
              caption="Environments"
              columns={['Environment', { label: 'Instances', num: true }, 'SDKs', 'Last seen', 'Issues', null]}
            >
              {o.environments.map((env) => (
                <tr key={env.name} data-environment={env.name}>
                  <th scope="row">{env.name}</th>
                  <td class="num">{env.instanceCount}</td>
                  <td>
                    {env.sdks.map((sdk) => (
                      <code key={sdk} class={env.issues.outdatedSdks.includes(sdk) ? 'outdated' : undefined}>
                        {sdk}
                        {env.issues.outdatedSdks.includes(sdk) ? ' (outdated)' : ''}{' '}
                      </code>
                    ))}
                  </td>
                  <td>{formatDateTime(env.lastSeen)}</td>
                  <td>{env.issues.missingFeatures.length ? `Unknown flags: ${env.issues.missingFeatures.join(', ')}` : '—'}</td>
                  <td>
                    <button type="button" onClick={() => setShown(env.name)} aria-label={`Instances in ${env.name}`}>
                      Instances
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
            {shown ? <Instances appName={appName} environment={shown} /> : null}
          </>
        ) : null}
      </Page>
    </>
  );
}

function Instances({ appName, environment }: { appName: string; environment: string }) {
  const instances = useResource(() => getApplicationInstances(appName, environment), [appName, environment]);
  return (
    <section aria-labelledby="instances-heading">
      <h2 id="instances-heading">Instances in {environment} (last 24 hours)</h2>
      <ErrorNotice error={instances.error} />
      {instances.loading && !instances.data ? <Loading what="instances" /> : null}
      {instances.data ? (
        <DataTable caption={`Instances in ${environment}`} columns={['Instance', 'SDK', 'Last seen']}>
          {instances.data.map((i) => (
            <tr key={i.instanceId} data-instance={i.instanceId}>
              <th scope="row">{i.instanceId}</th>
              <td>{i.sdkVersion ? <code>{i.sdkVersion}</code> : '—'}</td>
              <td>{formatDateTime(i.lastSeen)}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
