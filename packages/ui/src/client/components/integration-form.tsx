import { useState } from 'preact/hooks';
import { createIntegration, type Provider, type ProviderParameter } from '../integrations';
import type { Action } from '../use-action';
import { SelectField } from './select-field';

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** One parameter's input, as its provider describes it: a URL, a line or several; a secret is not shown as typed. */
function ParameterInput(props: { p: ProviderParameter; id: string; value: string; onInput(value: string): void }) {
  const { p, id } = props;
  const common = {
    id,
    required: p.required,
    value: props.value,
    placeholder: p.placeholder,
    'aria-describedby': p.description ? `${id}-hint` : undefined,
    onInput: (e: { currentTarget: { value: string } }) => props.onInput(e.currentTarget.value),
  };
  return (
    <div class={p.type === 'text' ? 'field' : 'field grow'}>
      <label for={id}>
        {p.displayName}
        {p.required ? '' : ' (optional)'}
      </label>
      {p.type === 'textfield' ? (
        <textarea {...common} rows={4} />
      ) : p.type === 'url' ? (
        <input {...common} type="url" autocomplete="off" />
      ) : p.sensitive ? (
        <input {...common} type="password" autocomplete="off" />
      ) : (
        <input {...common} type="text" autocomplete="off" />
      )}
      {p.description ? (
        <p id={`${id}-hint`} class="muted small">
          {p.description}
        </p>
      ) : null}
    </div>
  );
}

/** Adds an integration: a provider, its parameters, the events sent and optionally the projects and environments. */
export function IntegrationForm(props: { providers: Provider[]; action: Action; onSaved(): void }) {
  const [providerName, setProviderName] = useState(props.providers[0]?.name ?? 'webhook');
  const [description, setDescription] = useState('');
  const [parameters, setParameters] = useState<Record<string, string>>({});
  const [events, setEvents] = useState<string[]>([]);
  const [projects, setProjects] = useState('');
  const [environments, setEnvironments] = useState('');
  const provider = props.providers.find((p) => p.name === providerName);
  if (!provider) return null;
  const choose = (name: string) => {
    setProviderName(name);
    setParameters({});
    setEvents([]);
  };

  return (
    <section aria-labelledby="new-integration-heading">
      <h2 id="new-integration-heading">Add an integration</h2>
      <form
        class="strategy-form"
        aria-label="Add an integration"
        onSubmit={async (e) => {
          e.preventDefault();
          const given = Object.fromEntries(Object.entries(parameters).filter(([, v]) => v.trim() !== ''));
          const saved = await props.action.run(
            () =>
              createIntegration({
                provider: provider.name,
                description: description.trim() || null,
                enabled: true,
                parameters: given,
                events,
                projects: list(projects),
                environments: list(environments),
              }),
            `${provider.displayName} integration added.`,
          );
          if (!saved) return;
          setDescription('');
          setParameters({});
          setEvents([]);
          setProjects('');
          setEnvironments('');
          props.onSaved();
        }}
      >
        <div class="form-row">
          <SelectField
            id="integration-provider"
            label="Provider"
            value={provider.name}
            options={props.providers.map((p) => ({ value: p.name, label: p.displayName }))}
            onChange={choose}
          />
          <div class="field grow">
            <label for="integration-description">Description (optional)</label>
            <input
              id="integration-description"
              maxLength={1000}
              value={description}
              onInput={(e) => setDescription(e.currentTarget.value)}
            />
          </div>
        </div>
        <p class="muted small">{provider.howTo ?? provider.description}</p>
        <div class="form-row">
          {provider.parameters.map((p) => (
            <ParameterInput
              key={`${provider.name}-${p.name}`}
              p={p}
              id={`integration-${p.name}`}
              value={parameters[p.name] ?? ''}
              onInput={(value) => setParameters((ps) => ({ ...ps, [p.name]: value }))}
            />
          ))}
        </div>
        <fieldset class="event-choice">
          <legend>Events sent</legend>
          <div class="check-grid">
            {provider.events.map((event) => (
              <label class="check" key={event}>
                <input
                  type="checkbox"
                  checked={events.includes(event)}
                  onChange={(e) => setEvents((es) => (e.currentTarget.checked ? [...es, event] : es.filter((x) => x !== event)))}
                />{' '}
                {event}
              </label>
            ))}
          </div>
        </fieldset>
        <div class="form-row">
          <div class="field grow">
            <label for="integration-projects">Projects (optional, comma-separated; none: all)</label>
            <input id="integration-projects" value={projects} onInput={(e) => setProjects(e.currentTarget.value)} />
          </div>
          <div class="field grow">
            <label for="integration-environments">Environments (optional, comma-separated; none: all)</label>
            <input id="integration-environments" value={environments} onInput={(e) => setEnvironments(e.currentTarget.value)} />
          </div>
        </div>
        <button type="submit" class="primary" disabled={props.action.busy || events.length === 0}>
          Add {provider.displayName} integration
        </button>
        {events.length === 0 ? <p class="muted small">Choose at least one event.</p> : null}
      </form>
    </section>
  );
}
