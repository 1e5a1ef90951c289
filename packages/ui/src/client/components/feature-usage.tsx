import { useState } from 'preact/hooks';
import { getFeatureUsage, perHour } from '../usage';
import { useResource } from '../use-resource';
import { ErrorNotice, Loading } from './notice';
import { UsageChart } from './usage-chart';

const WINDOWS = [24, 48] as const;

/** A flag's exposures over the last hours, as SDKs reported them, per environment or all together. */
export function FeatureUsage({ featureName, environments }: { featureName: string; environments: readonly string[] }) {
  const [hours, setHours] = useState<number>(24);
  const [environment, setEnvironment] = useState<string>('');
  const usage = useResource(() => getFeatureUsage(featureName, hours), [featureName, hours]);
  const apps = [...new Set((usage.data ?? []).map((b) => b.appName))].sort();
  return (
    <section aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage</h2>
      <div class="inline-control">
        <label for="usage-environment">Environment</label>
        <select id="usage-environment" value={environment} onChange={(e) => setEnvironment(e.currentTarget.value)}>
          <option value="">All environments</option>
          {environments.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <label for="usage-hours">Period</label>
        <select id="usage-hours" value={String(hours)} onChange={(e) => setHours(Number(e.currentTarget.value))}>
          {WINDOWS.map((h) => (
            <option key={h} value={String(h)}>
              Last {h} hours
            </option>
          ))}
        </select>
      </div>
      <ErrorNotice error={usage.error} />
      {usage.loading && !usage.data ? <Loading what="usage" /> : null}
      {usage.data ? <UsageChart hours={perHour(usage.data, environment === '' ? null : environment)} /> : null}
      {apps.length > 0 ? <p data-testid="usage-apps">Seen by {apps.join(', ')}.</p> : null}
    </section>
  );
}
