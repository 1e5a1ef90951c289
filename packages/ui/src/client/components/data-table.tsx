import type { ComponentChildren } from 'preact';

/** A column heading; `num` aligns figures right; null leaves the column out (e.g. actions for a reader). */
export type Column = string | { label: string; num: true } | null;

/** A table in its scrolling wrapper: a caption for screen readers, column headings, the rows given. */
export function DataTable(props: { caption: string; columns: readonly Column[]; class?: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap">
      <table class={props.class}>
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((c) =>
              c === null ? null : typeof c === 'string' ? (
                <th scope="col" key={c}>
                  {c}
                </th>
              ) : (
                <th scope="col" class="num" key={c.label}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
