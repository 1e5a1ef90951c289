import type { Segment } from '../types';

/** The API's limit of segments per strategy. */
const MAX_SEGMENTS = 5;

/** Checkboxes of the segments a strategy may use (the project's and the instance-wide ones). */
export function SegmentsPicker({
  idPrefix,
  segments,
  selected,
  onChange,
}: {
  idPrefix: string;
  segments: Segment[];
  selected: number[];
  onChange(next: number[]): void;
}) {
  const full = selected.length >= MAX_SEGMENTS;
  return (
    <fieldset class="segments">
      <legend>Segments</legend>
      {segments.length === 0 ? <p class="muted small">No segment is available to this project.</p> : null}
      <ul class="plain-list inline">
        {segments.map((s) => {
          const checked = selected.includes(s.id);
          const id = `${idPrefix}-seg-${s.id}`;
          return (
            <li key={s.id}>
              <input
                id={id}
                type="checkbox"
                checked={checked}
                disabled={!checked && full}
                onChange={(e) => onChange(e.currentTarget.checked ? [...selected, s.id] : selected.filter((x) => x !== s.id))}
              />{' '}
              <label for={id}>{s.name}</label>
              {s.description ? <span class="muted small"> · {s.description}</span> : null}
            </li>
          );
        })}
      </ul>
      {full ? <p class="muted small">A strategy uses at most {MAX_SEGMENTS} segments.</p> : null}
    </fieldset>
  );
}
