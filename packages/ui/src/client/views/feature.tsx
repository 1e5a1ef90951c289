import { api } from '../api';
import { DependenciesEditor } from '../components/dependencies-editor';
import { EnvironmentPanel } from '../components/environment-panel';
import { CloneFeatureForm } from '../components/clone-feature-form';
import { FeatureBadges } from '../components/feature-bits';
import { DescriptionEditor } from '../components/feature-editors';
import { FeatureHistory } from '../components/feature-history';
import { FeatureTags } from '../components/feature-tags';
import { FeatureLifecyclePanel } from '../components/feature-lifecycle-panel';
import { FeatureLinks } from '../components/feature-links';
import { FeatureUsage } from '../components/feature-usage';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Breadcrumbs, Page } from '../components/page';
import { ToggleSwitch } from '../components/toggle-switch';
import { CHANGED_MEANWHILE, environmentToggle } from '../feature-writes';
import { formatDateTime } from '../format';
import { href, type Params } from '../router';
import type { Segment } from '../types';
import { useFeatureEditing } from '../use-feature-editing';
import { useResource } from '../use-resource';

/**
 * One flag. Every write carries the ETag of the version on screen as If-Match, so an edit made
 * meanwhile elsewhere is answered 412 and shown as "changed meanwhile, reload" instead of overwritten.
 */
export function FeatureView({ params }: { params: Params }) {
  const projectId = params['projectId']!;
  const featureName = params['featureName']!;
  const editing = useFeatureEditing(projectId, featureName);
  const { loaded, busy, save, commit } = editing;
  const feature = loaded.data?.data;
  // The segments a strategy may use: the instance-wide ones and this project's.
  const segments = useResource(
    async () =>
      (await api<{ segments: Segment[] }>('/api/admin/segments')).data.segments.filter((s) => !s.project || s.project === projectId),
    [projectId],
  );

  return (
    <>
      <Breadcrumbs
        items={[{ label: 'Projects', href: '#/' }, { label: projectId, href: href('projects', projectId) }, { label: featureName }]}
      />
      <Page title={featureName}>
        <ErrorNotice error={loaded.error} />
        {loaded.loading && !feature ? <Loading what="the flag" /> : null}
        {editing.conflict ? (
          <Notice kind="error">
            {CHANGED_MEANWHILE}{' '}
            <button type="button" onClick={editing.reload}>
              Reload
            </button>
          </Notice>
        ) : null}
        <ErrorNotice error={editing.error} />
        {editing.saved ? <Notice kind="ok">{editing.saved}</Notice> : null}
        {feature ? (
          <>
            <dl class="facts">
              <dt>Type</dt>
              <dd>{feature.type ?? '—'}</dd>
              <dt>State</dt>
              <dd>
                <FeatureBadges feature={feature} />
              </dd>
              <dt>Created</dt>
              <dd>{formatDateTime(feature.createdAt)}</dd>
              <dt>Last seen</dt>
              <dd>{formatDateTime(feature.lastSeenAt)}</dd>
            </dl>
            <section aria-labelledby="envs-heading">
              <h2 id="envs-heading">Environments</h2>
              <div class="env-grid">
                {(feature.environments ?? []).map((env) => (
                  <EnvironmentPanel
                    key={env.name}
                    target={{ projectId, featureName, environment: env.name }}
                    environment={env}
                    segments={segments.data ?? []}
                    busy={busy}
                    commit={commit}
                  >
                    <ToggleSwitch
                      checked={env.enabled}
                      label={`${feature.name} in ${env.name}`}
                      busy={busy}
                      onToggle={() => void save(environmentToggle(feature, env.name), `${env.name} ${env.enabled ? 'off' : 'on'}`)}
                    />
                  </EnvironmentPanel>
                ))}
              </div>
            </section>
            <FeatureUsage featureName={featureName} environments={(feature.environments ?? []).map((e) => e.name)} />
            <DescriptionEditor feature={feature} busy={busy} onSave={save} />
            <section aria-labelledby="lifecycle-heading">
              <h2 id="lifecycle-heading">Stale</h2>
              <p class="inline-control">
                <ToggleSwitch
                  checked={feature.stale === true}
                  label="Marked stale"
                  busy={busy}
                  onToggle={() => void save([{ op: 'replace', path: '/stale', value: !feature.stale }], 'Stale mark')}
                />
                <span>Marked stale</span>
              </p>
            </section>
            <DependenciesEditor feature={feature} busy={busy} commit={commit} />
            <FeatureTags feature={feature} busy={busy} commit={commit} />
            <FeatureLinks feature={feature} busy={busy} commit={commit} />
            <FeatureLifecyclePanel feature={feature} editing={editing} />
            <CloneFeatureForm projectId={projectId} featureName={featureName} />
            <FeatureHistory featureName={featureName} round={editing.round} />
          </>
        ) : null}
      </Page>
    </>
  );
}
