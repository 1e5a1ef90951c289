import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Action } from '../use-action';
import { ErrorNotice, Notice } from './notice';

/**
 * A destructive button asked twice in the page (no `confirm()`): the question stays next to what it is
 * about, as ordinary buttons. `label` names the thing for screen readers (`Delete staging`).
 */
export function ConfirmButton(props: {
  text: string;
  label: string;
  question: ComponentChildren;
  confirm: string;
  busy: boolean;
  /** Nothing to ask about yet (e.g. no flag ticked). */
  disabled?: boolean;
  onConfirm(): Promise<boolean>;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" aria-label={props.label} disabled={props.disabled} onClick={() => setAsking(true)}>
        {props.text}
      </button>
    );
  return (
    <div class="actions confirm">
      <span>{props.question}</span>
      <button type="button" class="danger" disabled={props.busy} onClick={async () => (await props.onConfirm()) && setAsking(false)}>
        {props.confirm}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Keep it
      </button>
    </div>
  );
}

/** The outcome of a screen's last write: the API's error as an alert, or its confirmation as a status. */
export function ActionNotices({ action }: { action: Action }) {
  return (
    <>
      <ErrorNotice error={action.error} />
      {action.done ? <Notice kind="ok">{action.done}</Notice> : null}
    </>
  );
}
