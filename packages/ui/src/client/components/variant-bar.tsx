import { weightPercent } from '../flag-config';

/** Variant weights (out of 1000) as one stacked bar, the figures in its label and a legend. */
export function VariantBar({ variants }: { variants: { name: string; weight: number }[] }) {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  let x = 0;
  return (
    <figure class="variant-figure">
      <svg
        class="variant-bar"
        viewBox="0 0 100 8"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Variants: ${variants.map((v) => `${v.name} ${weightPercent(v.weight)}`).join(', ')}`}
      >
        {variants.map((v, i) => {
          const width = total ? (100 * v.weight) / total : 0;
          const rect = <rect key={v.name || i} class={`variant-${i % 4}`} data-variant={v.name} x={x} y="0" width={width} height="8" />;
          x += width;
          return rect;
        })}
      </svg>
      <figcaption class="legend">
        {variants.map((v, i) => (
          <span key={v.name || i}>
            <span class={`key variant-key-${i % 4}`} aria-hidden="true" />
            {v.name || '(unnamed)'} {weightPercent(v.weight)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
