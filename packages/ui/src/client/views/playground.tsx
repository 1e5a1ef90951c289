import { useState } from 'preact/hooks';
import { api } from '../api';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Page } from '../components/page';
import { PlaygroundResults } from '../components/playground-results';
import { listEnvironments } from '../environments';
import { type PlaygroundAnswer, type PlaygroundContext, runPlayground } from '../playground';
import type { Project } from '../types';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';

interface Row {
  key: string;
  value: string;
}

const toggle = (list: readonly string[], item: string, on: boolean): string[] => (on ? [...list, item] : list.filter((x) => x !== item));

/** A context from the form: empty fields left out, properties from the rows with a name. */
function contextOf(fields: Record<'appName' | 'userId' | 'sessionId' | 'remoteAddress', string>, rows: readonly Row[]): PlaygroundContext {
  const context: PlaygroundContext = { appName: fields.appName.trim() };
  for (const name of ['userId', 'sessionId', 'remoteAddress'] as const) if (fields[name].trim()) context[name] = fields[name].trim();
  const named = rows.filter((r) => r.key.trim());
  if (named.length) context.properties = Object.fromEntries(named.map((r) => [r.key.trim(), r.value]));
  return context;
}

function Checks(props: { legend: string; items: readonly string[]; checked: readonly string[]; onChange(next: string[]): void }) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.items.map((item) => (
        <label key={item} class="check">
          <input
            type="checkbox"
            checked={props.checked.includes(item)}
            onChange={(e) => props.onChange(toggle(props.checked, item, e.currentTarget.checked))}
          />{' '}
          {item}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The playground: which flags are on for a context, in one or several environments, and why (strategy by
 * strategy, constraint by constraint), from the advanced playground. A value with commas is several values:
 * every combination is evaluated.
 */
export function PlaygroundView() {
  const environments = useResource(listEnvironments, []);
  const projects = useResource(async () => (await api<{ projects: Project[] }>('/api/admin/projects')).data.projects, []);
  const [chosenEnvironments, setChosenEnvironments] = useState<string[] | null>(null);
  const [chosenProjects, setChosenProjects] = useState<string[]>([]);
  const [fields, setFields] = useState({ appName: 'playground', userId: '', sessionId: '', remoteAddress: '' });
  const [rows, setRows] = useState<Row[]>([]);
  const [answer, setAnswer] = useState<PlaygroundAnswer | null>(null);
  const action = useAction();
  const environmentNames = (environments.data ?? []).filter((e) => e.enabled).map((e) => e.name);
  const envs = chosenEnvironments ?? environmentNames;
  const setRow = (index: number, row: Row) => setRows(rows.map((r, i) => (i === index ? row : r)));

  return (
    <Page
      title="Playground"
      lead="Which flags are on for a context, and why. A value with commas (userId a,b) is several contexts: each is evaluated."
    >
      <ErrorNotice error={environments.error ?? projects.error} />
      {environments.loading && !environments.data ? <Loading what="environments" /> : null}
      <form
        class="panel"
        aria-label="Context"
        onSubmit={async (e) => {
          e.preventDefault();
          const body = {
            environments: envs,
            projects: chosenProjects.length ? chosenProjects : ('*' as const),
            context: contextOf(fields, rows),
          };
          await action.run(async () => setAnswer(await runPlayground(body)));
        }}
      >
        <Checks legend="Environments" items={environmentNames} checked={envs} onChange={setChosenEnvironments} />
        <Checks
          legend="Projects (none checked: every project)"
          items={(projects.data ?? []).map((p) => p.id)}
          checked={chosenProjects}
          onChange={setChosenProjects}
        />
        <div class="form-row">
          {(['appName', 'userId', 'sessionId', 'remoteAddress'] as const).map((name) => (
            <div class="field" key={name}>
              <label for={`pg-${name}`}>{name}</label>
              <input
                id={`pg-${name}`}
                value={fields[name]}
                required={name === 'appName'}
                maxLength={1000}
                onInput={(e) => setFields({ ...fields, [name]: e.currentTarget.value })}
              />
            </div>
          ))}
        </div>
        <fieldset>
          <legend>Properties</legend>
          {rows.map((row, i) => (
            <div class="form-row" key={i}>
              <div class="field">
                <label for={`pg-key-${i}`}>Property {i + 1} name</label>
                <input
                  id={`pg-key-${i}`}
                  value={row.key}
                  maxLength={100}
                  onInput={(e) => setRow(i, { ...row, key: e.currentTarget.value })}
                />
              </div>
              <div class="field grow">
                <label for={`pg-value-${i}`}>Property {i + 1} value</label>
                <input
                  id={`pg-value-${i}`}
                  value={row.value}
                  maxLength={1000}
                  onInput={(e) => setRow(i, { ...row, value: e.currentTarget.value })}
                />
              </div>
              <button type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                Remove property {i + 1}
              </button>
            </div>
          ))}
          <button type="button" onClick={() => setRows([...rows, { key: '', value: '' }])}>
            Add property
          </button>
        </fieldset>
        <button type="submit" class="primary" disabled={action.busy || envs.length === 0}>
          Evaluate
        </button>
      </form>
      <ErrorNotice error={action.error} />
      {answer?.warnings?.invalidContextProperties?.length ? (
        <Notice kind="info">Left out (not text): {answer.warnings.invalidContextProperties.join(', ')}</Notice>
      ) : null}
      {answer ? <PlaygroundResults answer={answer} /> : null}
    </Page>
  );
}
