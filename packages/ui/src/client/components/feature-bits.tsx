import type { Feature, Tag } from '../types';

export function FeatureBadges({ feature }: { feature: Feature }) {
  const badges = [
    feature.archived ? 'archived' : null,
    feature.stale ? 'stale' : null,
    feature.potentiallyStale ? 'potentially stale' : null,
  ].filter((b): b is string => b !== null);
  if (badges.length === 0) return <span class="muted">active</span>;
  return (
    <span class="badges">
      {badges.map((b) => (
        <span key={b} class={`badge badge-${b.replace(' ', '-')}`}>
          {b}
        </span>
      ))}
    </span>
  );
}

export function TagList({ tags }: { tags: Tag[] }) {
  if (tags.length === 0) return <span class="muted">—</span>;
  return (
    <ul class="tags" aria-label="Tags">
      {tags.map((t) => (
        <li key={JSON.stringify([t.type, t.value])} class="tag">
          {t.type === 'simple' ? t.value : `${t.type}: ${t.value}`}
        </li>
      ))}
    </ul>
  );
}
