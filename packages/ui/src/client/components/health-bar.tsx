import type { Project } from '../types';

const WIDTH = 120;
const HEIGHT = 14;

/** A project's health as a small inline SVG: healthy, potentially stale and stale flags as one stacked bar. */
export function HealthBar({ project }: { project: Project }) {
  const total = Math.max(project.featureCount, 0);
  const stale = Math.min(project.staleFeatureCount, total);
  const potentially = Math.min(project.potentiallyStaleFeatureCount, total - stale);
  const healthy = total - stale - potentially;
  const scale = total === 0 ? 0 : WIDTH / total;
  const label = `Health ${project.health}%: ${healthy} healthy, ${potentially} potentially stale, ${stale} stale`;
  const parts = [
    { n: healthy, cls: 'bar-healthy' },
    { n: potentially, cls: 'bar-potential' },
    { n: stale, cls: 'bar-stale' },
  ];
  let x = 0;
  return (
    <svg class="health-bar" width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <title>{label}</title>
      <rect class="bar-empty" x="0" y="0" width={WIDTH} height={HEIGHT} rx="3" />
      {parts.map((part) => {
        const width = part.n * scale;
        const rect = <rect key={part.cls} class={part.cls} x={x} y="0" width={width} height={HEIGHT} />;
        x += width;
        return rect;
      })}
    </svg>
  );
}
