import type { ComponentChildren } from 'preact';

/** `1 flag`, `3 flags`. */
export const flagCount = (n: number): string => (n === 1 ? '1 flag' : `${n} flags`);

/**
 * Where a table's ticked flags are acted on: a heading (of the level the screen needs), how many are
 * ticked (announced politely) or a hint when none is, and the actions.
 */
export function SelectionPanel(props: { id: string; level: 2 | 3; selected: number; hint: string; children: ComponentChildren }) {
  const Heading = props.level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={props.id} class="selection">
      <Heading id={props.id}>With the selected flags</Heading>
      <p class="muted small" aria-live="polite">
        {props.selected ? `${flagCount(props.selected)} selected.` : props.hint}
      </p>
      {props.children}
    </section>
  );
}
