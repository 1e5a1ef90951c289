import { useState } from 'preact/hooks';
import { addLink, deleteLink, type LinkInput, updateLink } from '../feature-lifecycle';
import type { Feature, FeatureLink } from '../types';
import type { Commit } from '../use-feature-editing';

/** The link form: a URL (the API adds `https://` when it has no scheme) and an optional title. */
function LinkForm(props: {
  id: string;
  link?: FeatureLink;
  busy: boolean;
  submit: string;
  onSave(link: LinkInput): Promise<boolean>;
  onCancel?(): void;
}) {
  const [url, setUrl] = useState(props.link?.url ?? '');
  const [title, setTitle] = useState(props.link?.title ?? '');
  return (
    <form
      class="inline-form"
      onSubmit={async (e) => {
        e.preventDefault();
        if ((await props.onSave({ url: url.trim(), title: title.trim() || null })) && !props.link) {
          setUrl('');
          setTitle('');
        }
      }}
    >
      <div class="field grow">
        <label for={`${props.id}-url`}>URL</label>
        <input id={`${props.id}-url`} required value={url} onInput={(e) => setUrl(e.currentTarget.value)} placeholder="https://…" />
      </div>
      <div class="field">
        <label for={`${props.id}-title`}>Title (optional)</label>
        <input id={`${props.id}-title`} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
      </div>
      <button type="submit" disabled={props.busy || !url.trim()}>
        {props.submit}
      </button>
      {props.onCancel ? (
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      ) : null}
    </form>
  );
}

/** A flag's links to elsewhere (an issue, a dashboard): added, changed and removed (at most 10, the API says). */
export function FeatureLinks({ feature, busy, commit }: { feature: Feature; busy: boolean; commit: Commit }) {
  const projectId = feature.project ?? '';
  const links = feature.links ?? [];
  const [editing, setEditing] = useState<string | null>(null);
  const write = (what: string, call: () => Promise<unknown>) => commit(what, async () => (await call(), null));
  return (
    <section aria-labelledby="links-heading">
      <h2 id="links-heading">Links</h2>
      {links.length === 0 ? <p class="muted small">No links.</p> : null}
      <ul class="plain-list">
        {links.map((link) =>
          editing === link.id ? (
            <li key={link.id}>
              <LinkForm
                id={`link-${link.id}`}
                link={link}
                busy={busy}
                submit="Save link"
                onCancel={() => setEditing(null)}
                onSave={async (input) => {
                  const ok = await write('Link', () => updateLink(projectId, feature.name, link.id, input));
                  if (ok) setEditing(null);
                  return ok;
                }}
              />
            </li>
          ) : (
            <li key={link.id} class="inline-control">
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {link.title || link.url}
              </a>
              <button type="button" aria-label={`Edit link ${link.title || link.url}`} disabled={busy} onClick={() => setEditing(link.id)}>
                Edit
              </button>
              <button
                type="button"
                aria-label={`Remove link ${link.title || link.url}`}
                disabled={busy}
                onClick={() => void write('Link removal', () => deleteLink(projectId, feature.name, link.id))}
              >
                Remove
              </button>
            </li>
          ),
        )}
      </ul>
      <LinkForm
        id="new-link"
        busy={busy}
        submit="Add link"
        onSave={(input) => write('Link', () => addLink(projectId, feature.name, input))}
      />
    </section>
  );
}
