import { useState } from 'preact/hooks';
import { type ApiError, asApiError } from '../api';
import { addChange } from '../change-requests';
import { href } from '../router';
import type { ChangeRequest } from '../types';
import { ErrorNotice, Notice } from './notice';

export interface BlockedToggle {
  feature: string;
  environment: string;
  enabled: boolean;
}

/**
 * Offered where a switch was refused because its environment takes changes through change requests:
 * the same change added to this key's open request for that environment (a new Draft when none).
 */
export function ChangeRequestOffer({ projectId, blocked }: { projectId: string; blocked: BlockedToggle }) {
  const [added, setAdded] = useState<ChangeRequest | null>(null);
  const [error, setError] = useState<ApiError | undefined>();
  const [busy, setBusy] = useState(false);
  const what = `turn ${blocked.feature} ${blocked.enabled ? 'on' : 'off'} in ${blocked.environment}`;

  async function add() {
    setBusy(true);
    setError(undefined);
    try {
      setAdded(
        await addChange(projectId, blocked.environment, {
          feature: blocked.feature,
          action: 'updateEnabled',
          payload: { enabled: blocked.enabled },
        }),
      );
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  }

  if (added) {
    return (
      <Notice kind="ok">
        Added “{what}” to{' '}
        <a href={href('projects', projectId, 'change-requests', String(added.id))}>{added.title ?? `change request #${added.id}`}</a> (
        {added.state}). Open it to send it to review.
      </Notice>
    );
  }
  return (
    <Notice kind="info">
      {blocked.environment} takes changes through change requests.{' '}
      <button type="button" disabled={busy} onClick={() => void add()}>
        Add to change request
      </button>
      <span class="visually-hidden"> ({what})</span>
      <ErrorNotice error={error} />
    </Notice>
  );
}
