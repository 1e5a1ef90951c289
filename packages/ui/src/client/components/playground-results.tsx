import { describeConstraint } from './constraints-editor';
import { DataTable } from './data-table';
import type { Enabled, EvaluatedConstraint, PlaygroundAnswer, PlaygroundEntry, PlaygroundStrategy } from '../playground';

const word = (enabled: Enabled): string => (enabled === 'unknown' ? 'unknown' : enabled ? 'on' : 'off');
const holds = (result: boolean): string => (result ? 'holds' : 'fails');

/** The context of an entry in words (`userId=a, plan=pro`), appName left out: it names every context. */
function contextWords(context: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(context)) {
    if (key === 'appName') continue;
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const [name, v] of Object.entries(value)) pairs.push(`${name}=${String(v)}`);
    } else pairs.push(`${key}=${String(value)}`);
  }
  return pairs.join(', ') || 'appName only';
}

function Constraints({ list }: { list: readonly EvaluatedConstraint[] }) {
  if (list.length === 0) return null;
  return (
    <ul class="constraint-list">
      {list.map((c, i) => (
        <li key={i} data-result={String(c.result)}>
          <code>{describeConstraint(c)}</code>: {holds(c.result)}
        </li>
      ))}
    </ul>
  );
}

function strategyStatus(s: PlaygroundStrategy): string {
  if (s.disabled) return 'disabled, not evaluated';
  const status = s.result.evaluationStatus === 'complete' ? '' : ` (${s.result.evaluationStatus}: the server cannot evaluate it fully)`;
  return `${word(s.result.enabled)}${status}`;
}

function Strategy({ strategy: s }: { strategy: PlaygroundStrategy }) {
  const parameters = Object.entries(s.parameters).filter(([, v]) => v !== '');
  return (
    <li class="strategy" data-strategy={s.name}>
      <strong>{s.title || s.name}</strong>: {strategyStatus(s)}
      {parameters.length ? <span class="muted small block">{parameters.map(([k, v]) => `${k} ${v}`).join(', ')}</span> : null}
      <Constraints list={s.constraints} />
      {s.segments.map((g) => (
        <div key={g.id} class="small">
          Segment {g.name}: {holds(g.result)}
          <Constraints list={g.constraints} />
        </div>
      ))}
    </li>
  );
}

/** Why an entry is on or off: the environment, the dependencies, then strategy by strategy. */
function Reasons({ entry }: { entry: PlaygroundEntry }) {
  return (
    <details>
      <summary>
        Why
        <span class="visually-hidden">
          {' '}
          {entry.name} is {word(entry.isEnabled)} in {entry.environment}
        </span>
      </summary>
      {entry.isEnabledInCurrentEnvironment ? null : <p class="small">The flag is off in {entry.environment}.</p>}
      {entry.hasUnsatisfiedDependency ? <p class="small">A flag it depends on does not answer as it requires.</p> : null}
      {entry.strategies.data.length === 0 ? (
        <p class="small">No strategies: on for every context while the flag is on.</p>
      ) : (
        <>
          <p class="small">Strategies: {word(entry.strategies.result)}</p>
          <ul class="plain-list stack">
            {entry.strategies.data.map((s) => (
              <Strategy key={s.id} strategy={s} />
            ))}
          </ul>
        </>
      )}
    </details>
  );
}

/** The advanced playground's answer: one row per flag, environment and context, its reasons on demand. */
export function PlaygroundResults({ answer }: { answer: PlaygroundAnswer }) {
  const rows = answer.features.flatMap((f) =>
    Object.values(f.environments).flatMap((entries) => entries.map((entry) => ({ project: f.projectId, entry }))),
  );
  const severalContexts = answer.features.some((f) => Object.values(f.environments).some((e) => e.length > 1));
  if (rows.length === 0) return <p class="muted">No flags in these projects.</p>;
  return (
    <DataTable
      caption="Playground answers"
      columns={['Flag', 'Project', 'Environment', severalContexts ? 'Context' : null, 'Answer', 'Variant', 'Reasons']}
    >
      {rows.map(({ project, entry }, i) => (
        <tr key={i} data-flag={entry.name} data-environment={entry.environment}>
          <th scope="row">{entry.name}</th>
          <td>{project}</td>
          <td>{entry.environment}</td>
          {severalContexts ? <td class="small">{contextWords(entry.context)}</td> : null}
          <td>
            <span class={`badge ${entry.isEnabled ? 'badge-on' : 'badge-off'}`}>{word(entry.isEnabled)}</span>
          </td>
          <td>{entry.variant?.enabled ? entry.variant.name : <span class="muted">{entry.variant?.name ?? 'disabled'}</span>}</td>
          <td>
            <Reasons entry={entry} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
