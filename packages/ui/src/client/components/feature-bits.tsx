import { type ColoredTag, tagText } from '../tags';
import type { Feature } from '../types';

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

/** Tags, each with its type's colour as a swatch: the tag's own `color` (search answers it) or `colors`' by type. */
export function TagList({ tags, colors }: { tags: ColoredTag[]; colors?: ReadonlyMap<string, string> }) {
  if (tags.length === 0) return <span class="muted">—</span>;
  return (
    <ul class="tags" aria-label="Tags">
      {tags.map((t) => {
        const color = t.color ?? colors?.get(t.type);
        return (
          <li key={JSON.stringify([t.type, t.value])} class="tag">
            {color ? <span class="tag-swatch" aria-hidden="true" style={{ backgroundColor: color }} /> : null}
            {tagText(t)}
          </li>
        );
      })}
    </ul>
  );
}
