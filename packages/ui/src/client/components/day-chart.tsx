/** Events per day as an SVG bar chart, with the same figures as a list for screen readers. */
export function DayChart({ days }: { days: { day: string; count: number }[] }) {
  if (days.length === 0) return <p>No events to chart.</p>;
  const width = 640;
  const height = 160;
  const pad = { top: 16, bottom: 28, left: 8 };
  const max = Math.max(...days.map((d) => d.count));
  const slot = (width - pad.left) / days.length;
  const barWidth = Math.max(4, Math.min(48, slot * 0.7));
  const label = `Events per day: ${days.map((d) => `${d.day}: ${d.count}`).join(', ')}`;
  const labelEvery = Math.ceil(days.length / 8);
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} class="day-chart">
        {days.map((d, i) => {
          const h = ((height - pad.top - pad.bottom) * d.count) / max;
          const x = pad.left + i * slot + (slot - barWidth) / 2;
          const y = height - pad.bottom - h;
          return (
            <g key={d.day}>
              <rect class="bar" x={x} y={y} width={barWidth} height={h}>
                <title>{`${d.day}: ${d.count} events`}</title>
              </rect>
              {d.count > 0 ? (
                <text class="bar-value" x={x + barWidth / 2} y={y - 4} text-anchor="middle">
                  {d.count}
                </text>
              ) : null}
              {i % labelEvery === 0 ? (
                <text class="bar-label" x={x + barWidth / 2} y={height - 8} text-anchor="middle">
                  {d.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        Events per day ({days[0]!.day} to {days[days.length - 1]!.day})
      </figcaption>
    </figure>
  );
}

/** The fewest days the chart spans, so a burst of events on one day still reads as a timeline. */
const MIN_DAYS = 14;

/** Counts per day, every day up to the last one present (days without events as 0), at least MIN_DAYS. */
export function countPerDay(dayKeys: string[]): { day: string; count: number }[] {
  if (dayKeys.length === 0) return [];
  const counts = new Map<string, number>();
  for (const day of dayKeys) counts.set(day, (counts.get(day) ?? 0) + 1);
  const sorted = [...counts.keys()].sort();
  const out: { day: string; count: number }[] = [];
  const last = sorted[sorted.length - 1]!;
  const start = new Date(`${last}T12:00:00`);
  start.setDate(start.getDate() - (MIN_DAYS - 1));
  const first = new Date(`${sorted[0]!}T12:00:00`);
  for (let d = first < start ? first : start; ; d.setDate(d.getDate() + 1)) {
    const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    out.push({ day: key, count: counts.get(key) ?? 0 });
    if (key >= last || out.length > 366) break;
  }
  return out;
}
