import { useState } from 'preact/hooks';
import { ApiError, asApiError } from '../api';
import { discardDraft, moveChangeRequest } from '../change-requests';
import { actionsFor, hasConflicts, isClosed, type ChangeRequestAction } from '../change-request-moves';
import { formatDateTime } from '../format';
import { href } from '../router';
import type { ChangeRequest, ChangeRequestMove, CurrentKey } from '../types';
import { ErrorNotice, Notice } from './notice';

const LABELS: Record<ChangeRequestAction, { button: string; done: string }> = {
  'In review': { button: 'Send to review', done: 'Sent to review.' },
  Approved: { button: 'Approve', done: 'Approval added.' },
  Rejected: { button: 'Reject', done: 'Rejected.' },
  Applied: { button: 'Apply', done: 'Applied: the changes are live.' },
  Scheduled: { button: 'Schedule', done: 'Scheduled.' },
  Cancelled: { button: 'Cancel request', done: 'Cancelled.' },
  Discard: { button: 'Discard draft', done: 'Draft discarded.' },
};

const NOBODY_NOTES: Readonly<Record<string, string>> = {
  Draft: 'only its author sends it to review or discards it.',
  'In review': 'it waits for a reviewer (an editor or admin key other than its author).',
};
const nobodyNote = (state: string): string =>
  Object.hasOwn(NOBODY_NOTES, state)
    ? NOBODY_NOTES[state]!
    : 'an editor or admin key with its environment applies, schedules or rejects it.';

/** `datetime-local` has no zone: the value is the browser's local time, sent as an ISO instant. */
const toInstant = (local: string): string | undefined => {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/**
 * The moves the request's state allows this key, as buttons (a schedule form for Scheduled). A refusal
 * shows the API's message (a 403 names the permission); after a 409 (the request moved meanwhile, the
 * message names its state) the request is read again, so the buttons are those of its state now.
 */
export function ChangeRequestActions(props: {
  cr: ChangeRequest;
  me: CurrentKey | null;
  onChanged(cr: ChangeRequest): void;
  onMovedMeanwhile(): void;
}) {
  const { cr, me, onChanged } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [when, setWhen] = useState('');
  const actions = actionsFor(cr, me);

  async function run(action: ChangeRequestAction, force = false) {
    setBusy(true);
    setError(undefined);
    setDone(null);
    try {
      if (action === 'Discard') {
        await discardDraft(cr);
        location.hash = href('projects', cr.project);
        return;
      }
      const scheduledAt = action === 'Scheduled' ? toInstant(when) : undefined;
      if (action === 'Scheduled' && !scheduledAt) throw new ApiError(0, 'Error', 'Choose the date and time to apply it at.');
      onChanged(
        await moveChangeRequest(cr, action as ChangeRequestMove, {
          ...(scheduledAt ? { scheduledAt } : {}),
          ...(force ? { force: true as const } : {}),
        }),
      );
      setDone(LABELS[action].done);
    } catch (e) {
      const refused = asApiError(e);
      setError(refused);
      // Moved meanwhile (a 409 names the state it is in): show that state, keeping the message.
      if (refused.status === 409) props.onMovedMeanwhile();
    } finally {
      setBusy(false);
    }
  }

  const buttons = actions.filter((a) => a !== 'Scheduled');
  return (
    <section aria-labelledby="actions-heading">
      <h2 id="actions-heading">Actions</h2>
      {cr.schedule ? (
        <p data-testid="schedule">
          Scheduled for {formatDateTime(cr.schedule.scheduledAt)}
          {cr.schedule.status === 'failed' ? ` — it could not be applied then: ${cr.schedule.reason ?? 'no reason given'}` : ''}
        </p>
      ) : null}
      {isClosed(cr.state) ? <p>This change request is {cr.state}: it is closed and never changes again.</p> : null}
      {!isClosed(cr.state) && actions.length === 0 ? <p>Nothing this key may do on it now: {nobodyNote(cr.state)}</p> : null}
      {buttons.length > 0 ? (
        <div class="actions">
          {buttons.map((action) => (
            <button
              key={action}
              type="button"
              class={action === 'Applied' || action === 'Approved' || action === 'In review' ? 'primary' : ''}
              disabled={busy}
              onClick={() => void run(action)}
            >
              {action === 'Applied' && cr.state === 'Scheduled' ? 'Apply now' : LABELS[action].button}
            </button>
          ))}
          {actions.includes('Applied') && hasConflicts(cr) ? (
            <button type="button" disabled={busy} onClick={() => void run('Applied', true)}>
              Apply anyway (over the conflicts)
            </button>
          ) : null}
        </div>
      ) : null}
      {actions.includes('Scheduled') ? (
        <form class="inline-form" onSubmit={(e) => (e.preventDefault(), void run('Scheduled'))}>
          <div class="field">
            <label for="schedule-at">Apply at (your local time)</label>
            <input id="schedule-at" type="datetime-local" required value={when} onInput={(e) => setWhen(e.currentTarget.value)} />
          </div>
          <button type="submit" disabled={busy}>
            {cr.state === 'Scheduled' ? 'Schedule again' : 'Schedule'}
          </button>
        </form>
      ) : null}
      <ErrorNotice error={error} />
      {done ? <Notice kind="ok">{done}</Notice> : null}
    </section>
  );
}
