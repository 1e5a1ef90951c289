import type { ComponentChildren } from 'preact';
import type { FeatureEnvironment } from '../types';

/**
 * One environment of a flag: its switch, then its strategies and variants as the API returns them
 * (read-only until the API has strategy and variant endpoints; editors slot in here).
 */
export function EnvironmentPanel({ environment, children }: { environment: FeatureEnvironment; children: ComponentChildren }) {
  const strategies = environment.strategies ?? [];
  const variants = environment.variants ?? [];
  const totalWeight = variants.reduce((sum, v) => sum + v.weight, 0);
  return (
    <article class="env-panel" aria-labelledby={`env-${environment.name}`}>
      <header class="env-head">
        <h3 id={`env-${environment.name}`}>{environment.name}</h3>
        {children}
      </header>
      {strategies.length === 0 ? (
        <p class="muted small">No strategies: when on, on for everyone.</p>
      ) : (
        <ul class="plain-list small">
          {strategies.map((s, i) => (
            <li key={s.id ?? i}>
              <strong>{s.title || s.name}</strong>
              {s.parameters?.['rollout'] !== undefined ? ` · ${s.parameters['rollout']}% rollout` : ''}
              {s.parameters?.['stickiness'] ? ` · stickiness ${s.parameters['stickiness']}` : ''}
              {s.constraints?.length ? ` · ${s.constraints.length} constraint(s)` : ''}
              {s.disabled ? ' · disabled' : ''}
            </li>
          ))}
        </ul>
      )}
      {variants.length > 0 ? (
        <svg class="variant-bar" viewBox="0 0 100 8" preserveAspectRatio="none" role="img" aria-label={`Variants: ${variants.map((v) => `${v.name} ${v.weight / 10}%`).join(', ')}`}>
          {variants.reduce<{ x: number; parts: preact.JSX.Element[] }>(
            (acc, v, i) => {
              const w = totalWeight ? (100 * v.weight) / totalWeight : 0;
              acc.parts.push(<rect key={v.name} class={`variant-${i % 4}`} x={acc.x} y="0" width={w} height="8" />);
              acc.x += w;
              return acc;
            },
            { x: 0, parts: [] },
          ).parts}
        </svg>
      ) : null}
    </article>
  );
}
