import { useState } from 'preact/hooks';
import { api, ApiError, asApiError, seg } from '../api';
import { FeatureBadges } from '../components/feature-bits';
import { FeatureHistory } from '../components/feature-history';
import { DescriptionEditor, TagsEditor } from '../components/feature-editors';
import { EnvironmentPanel } from '../components/environment-panel';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Breadcrumbs, Page } from '../components/page';
import { ToggleSwitch } from '../components/toggle-switch';
import { CHANGED_MEANWHILE, environmentToggle, isChangedMeanwhile, patchFeature, type PatchOperation } from '../feature-writes';
import { formatDateTime } from '../format';
import { href, type Params } from '../router';
import type { Feature } from '../types';
import { useResource } from '../use-resource';

/**
 * One flag. Every write carries the ETag of the version on screen as If-Match, so an edit made
 * meanwhile elsewhere is answered 412 and shown as "changed meanwhile, reload" instead of overwritten.
 */
export function FeatureView({ params }: { params: Params }) {
  const projectId = params['projectId']!;
  const featureName = params['featureName']!;
  const loaded = useResource(() => api<Feature>(`/api/admin/projects/${seg(projectId)}/features/${seg(featureName)}`), [projectId, featureName]);
  const [error, setError] = useState<ApiError | undefined>();
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [historyRound, setHistoryRound] = useState(0);
  const feature = loaded.data?.data;

  /** Applies a patch with If-Match; resolves true when saved. */
  async function save(patch: PatchOperation[], what: string): Promise<boolean> {
    if (!loaded.data) return false;
    setBusy(true);
    setError(undefined);
    setConflict(false);
    setSaved(null);
    try {
      const result = await patchFeature(projectId, featureName, patch, loaded.data.etag);
      loaded.set(result);
      setSaved(`${what} saved.`);
      setHistoryRound((r) => r + 1);
      return true;
    } catch (e) {
      if (isChangedMeanwhile(e)) setConflict(true);
      else setError(asApiError(e));
      return false;
    } finally {
      setBusy(false);
    }
  }

  function reload() {
    setConflict(false);
    setSaved(null);
    loaded.reload();
    setHistoryRound((r) => r + 1);
  }

  return (
    <>
      <Breadcrumbs items={[{ label: 'Projects', href: '#/' }, { label: projectId, href: href('projects', projectId) }, { label: featureName }]} />
      <Page title={featureName}>
        <ErrorNotice error={loaded.error} />
        {loaded.loading && !feature ? <Loading what="the flag" /> : null}
        {conflict ? (
          <Notice kind="error">
            {CHANGED_MEANWHILE}{' '}
            <button type="button" onClick={reload}>
              Reload
            </button>
          </Notice>
        ) : null}
        <ErrorNotice error={error} />
        {saved ? <Notice kind="ok">{saved}</Notice> : null}
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
                  <EnvironmentPanel key={env.name} environment={env}>
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
            <DescriptionEditor feature={feature} busy={busy} onSave={save} />
            <section aria-labelledby="lifecycle-heading">
              <h2 id="lifecycle-heading">Stale</h2>
              <p class="inline-control">
                <ToggleSwitch checked={feature.stale === true} label="Marked stale" busy={busy} onToggle={() => void save([{ op: 'replace', path: '/stale', value: !feature.stale }], 'Stale mark')} />
                <span>Marked stale</span>
              </p>
            </section>
            <TagsEditor feature={feature} busy={busy} onSave={save} />
            <FeatureHistory projectId={projectId} featureName={featureName} round={historyRound} />
          </>
        ) : null}
      </Page>
    </>
  );
}
