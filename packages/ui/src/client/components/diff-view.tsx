import { diffJson } from '../diff';
import { showValue } from '../format';

/** preData -> data as a table of changed fields (`unchanged` says why there is none); every value is rendered as text. */
export function DiffView({ before, after, unchanged = 'No field changed.' }: { before: unknown; after: unknown; unchanged?: string }) {
  const entries = diffJson(before, after);
  if (entries.length === 0) return <p class="muted">{unchanged}</p>;
  return (
    <table class="diff">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.path} class={`diff-${e.kind}`}>
            <th scope="row">
              <code>{e.path || '(value)'}</code>
            </th>
            <td class="diff-before">{e.kind === 'added' ? '—' : <code>{showValue(e.before)}</code>}</td>
            <td class="diff-after">{e.kind === 'removed' ? '—' : <code>{showValue(e.after)}</code>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
