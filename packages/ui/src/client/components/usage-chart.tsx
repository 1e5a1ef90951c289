/**
 * Exposures per hour as stacked SVG bars (on below, off above), drawn here without a chart library; the
 * figures are the image's label and each bar's title, for screen readers and pointers alike.
 */
export function UsageChart({ hours }: { hours: { hour: string; yes: number; no: number }[] }) {
  const total = hours.reduce((n, h) => n + h.yes + h.no, 0);
  if (total === 0) return <p data-testid="usage-none">No exposures reported in these hours.</p>;
  const width = 640;
  const height = 150;
  const base = height - 22;
  const max = Math.max(...hours.map((h) => h.yes + h.no));
  const slot = width / hours.length;
  const bar = Math.max(2, slot * 0.75);
  const scale = (n: number) => ((base - 8) * n) / max;
  const time = (iso: string) => iso.slice(11, 16);
  const yes = hours.reduce((n, h) => n + h.yes, 0);
  const label = `Exposures per hour, ${hours.length} hours: ${yes} on, ${total - yes} off`;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} class="usage-chart">
        <line class="axis" x1={0} x2={width} y1={base} y2={base} />
        {hours.map((h, i) => {
          const x = i * slot + (slot - bar) / 2;
          const on = scale(h.yes);
          const off = scale(h.no);
          return (
            <g key={h.hour} data-hour={h.hour}>
              <title>{`${time(h.hour)} UTC: ${h.yes} on, ${h.no} off`}</title>
              <rect class="on" x={x} y={base - on} width={bar} height={on} />
              <rect class="off" x={x} y={base - on - off} width={bar} height={off} />
              {i % Math.ceil(hours.length / 8) === 0 ? (
                <text x={x + bar / 2} y={height - 6} text-anchor="middle">
                  {time(h.hour)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span class="legend on">on</span> <span class="legend off">off</span> per hour (UTC), {total} exposures in all
      </figcaption>
    </figure>
  );
}
