import { ArchivedFlagsActions } from '../components/archived-flags-actions';
import { ActionNotices, ConfirmButton } from '../components/confirm-button';
import { ErrorNotice, Loading } from '../components/notice';
import { Breadcrumbs, Page } from '../components/page';
import { deleteFeature, reviveFeature } from '../feature-lifecycle';
import { formatDateTime } from '../format';
import { href, type Params } from '../router';
import { NO_SEARCH, searchFeatures, type SearchedFeature } from '../tags';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';
import { useSelection } from '../use-selection';

/**
 * A project's archive: its archived flags (served to no SDK, read-only), each revived (it comes back off
 * everywhere) or deleted for good after a second question (its name is free again; its events stay), or
 * several ticked and revived or deleted together.
 */
export function ProjectArchiveView({ params }: { params: Params }) {
  const projectId = params['projectId']!;
  const archived = useResource(() => archivedFlags(projectId), [projectId]);
  const action = useAction();
  const list = archived.data ?? [];
  const ticked = useSelection();
  const selected = list.filter((f) => ticked.has(f.name)).map((f) => f.name);
  const allTicked = list.length > 0 && selected.length === list.length;
  const after = async (write: () => Promise<unknown>, done: string) => {
    const ok = await action.run(write, done);
    if (ok) archived.reload();
    return ok;
  };

  return (
    <>
      <Breadcrumbs
        items={[{ label: 'Projects', href: '#/' }, { label: projectId, href: href('projects', projectId) }, { label: 'Archive' }]}
      />
      <Page title={`Archived flags of ${projectId}`} lead="Archived flags are served to no SDK and cannot be changed until revived.">
        <ErrorNotice error={archived.error} />
        <ActionNotices action={action} />
        {archived.loading && !archived.data ? <Loading what="the archive" /> : null}
        {archived.data && list.length === 0 ? <p class="muted">No archived flags in this project.</p> : null}
        {list.length ? (
          <div class="table-wrap">
            <table>
              <caption class="visually-hidden">Archived flags of the project</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Select all archived flags"
                      checked={allTicked}
                      onChange={() =>
                        ticked.tick(
                          list.map((f) => f.name),
                          !allTicked,
                        )
                      }
                    />
                  </th>
                  <th scope="col">Flag</th>
                  <th scope="col">Type</th>
                  <th scope="col">Archived</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.map((f) => (
                  <tr key={f.name} data-flag={f.name}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select ${f.name}`}
                        checked={ticked.has(f.name)}
                        onChange={(e) => ticked.tick([f.name], e.currentTarget.checked)}
                      />
                    </td>
                    <th scope="row">
                      <a href={href('projects', projectId, 'features', f.name)}>{f.name}</a>
                      {f.description ? <span class="muted small block">{f.description}</span> : null}
                    </th>
                    <td>{f.type ?? '—'}</td>
                    <td>{formatDateTime(f.archivedAt)}</td>
                    <td>
                      <div class="actions">
                        <button
                          type="button"
                          aria-label={`Revive ${f.name}`}
                          disabled={action.busy}
                          onClick={() => void after(() => reviveFeature(f.name), `${f.name} revived (off in every environment).`)}
                        >
                          Revive
                        </button>
                        <ConfirmButton
                          text="Delete for good"
                          label={`Delete for good ${f.name}`}
                          question={`Delete ${f.name} for good? It cannot be revived afterwards; its name becomes free and its history stays.`}
                          confirm={`Yes, delete ${f.name}`}
                          busy={action.busy}
                          onConfirm={() => after(() => deleteFeature(f.name), `${f.name} deleted.`)}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {list.length ? (
          <ArchivedFlagsActions
            projectId={projectId}
            selected={selected}
            action={action}
            onDone={() => {
              ticked.clear();
              archived.reload();
            }}
          />
        ) : null}
      </Page>
    </>
  );
}

/** The project's archived flags, every page of the flag search (the project's flag list leaves them out, as Unleash's). */
async function archivedFlags(projectId: string): Promise<SearchedFeature[]> {
  const filters = { ...NO_SEARCH, project: projectId, state: 'archived' as const };
  const flags: SearchedFeature[] = [];
  for (let total = Infinity; flags.length < total; ) {
    const page = await searchFeatures(filters, { offset: flags.length, limit: 100 });
    if (page.features.length === 0) break;
    flags.push(...page.features);
    total = page.total;
  }
  return flags;
}
