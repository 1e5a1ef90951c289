import { diffJson } from '../diff';
import { showValue } from '../format';

/** preData -> data as a table of changed fields; every value is rendered as text. */
export function DiffView({ before, after }: { before: unknown; after: unknown }) {
  const entries = diffJson(before, after);
  if (entries.length === 0) return <p class="muted">No field changed.</p>;
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
