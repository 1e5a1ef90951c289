import { useState } from 'preact/hooks';
import { ApiError } from '../api';
import { archiveFeatures, checkArchive, dependentsLeftOut } from '../feature-lifecycle';
import type { Feature } from '../types';
import type { Action } from '../use-action';

interface Asking {
  names: string[];
  /** Live flags depending on them, outside the batch: the API refuses (409) unless they go too. */
  dependents: string[];
}

const list = (names: readonly string[]) => names.join(', ');

/**
 * Archives flags, asked in the page first. The API is asked beforehand what the batch would meet
 * (`validateArchiveFeatures`): a flag that live flags depend on is refused alone (409), so the question
 * names them and offers archiving them together (the batch route). A 409 that comes anyway (a dependency
 * added meanwhile) asks again the same way.
 */
export function ArchiveFlags(props: {
  projectId: string;
  names: string[];
  /** The project's flags (their `children`), or how to read them when asked. */
  features: () => Promise<Feature[]>;
  action: Action;
  /** The ETag of the one flag shown (sent as If-Match when one flag is archived). */
  ifMatch?: string | null;
  text?: string;
  onArchived(names: string[]): void;
}) {
  const { projectId, names, action } = props;
  const [asking, setAsking] = useState<Asking | null>(null);

  const lookUp = async (): Promise<Asking> => {
    const [check, features] = await Promise.all([checkArchive(projectId, names), props.features()]);
    return { names, dependents: check.parentsWithChildFeatures.length ? dependentsLeftOut(features, names) : [] };
  };

  async function ask() {
    let found: Asking | null = null;
    if (await action.run(async () => (found = await lookUp()))) setAsking(found);
  }

  async function archive(all: string[]) {
    let refused = false;
    const write = () =>
      archiveFeatures(projectId, all, all.length === 1 ? props.ifMatch : null).catch((e: unknown) => {
        refused = e instanceof ApiError && e.status === 409;
        throw e;
      });
    if (await action.run(write, all.length === 1 ? `${all[0]} archived.` : `${all.length} flags archived: ${list(all)}.`)) {
      setAsking(null);
      props.onArchived(all);
    } else if (refused) {
      // Flags came to depend on it meanwhile: the API's 409 stays shown, and the question names them now.
      setAsking(await lookUp().catch(() => null));
    }
  }

  if (!asking)
    return (
      <button type="button" disabled={action.busy || names.length === 0} onClick={() => void ask()}>
        {props.text ?? 'Archive'}
      </button>
    );
  const together = [...asking.names, ...asking.dependents];
  return (
    <div class="actions confirm" data-testid="archive-question">
      {asking.dependents.length ? (
        <span>
          Archiving {list(asking.names)} alone is refused: live flags depend on it ({list(asking.dependents)}). Archive them together, or
          remove their dependency first.
        </span>
      ) : (
        <span>
          Archive {list(asking.names)}? SDKs no longer get {asking.names.length === 1 ? 'it' : 'them'}; the archive can revive{' '}
          {asking.names.length === 1 ? 'it' : 'them'}.
        </span>
      )}
      <button type="button" class="danger" disabled={action.busy} onClick={() => void archive(together)}>
        {asking.dependents.length ? `Archive all ${together.length} together` : 'Yes, archive'}
      </button>
      <button type="button" onClick={() => setAsking(null)}>
        Keep {asking.names.length === 1 ? 'it' : 'them'}
      </button>
    </div>
  );
}
