import { useState } from 'preact/hooks';
import { type ApiError, asApiError } from '../api';
import { addComment } from '../change-requests';
import type { ChangeRequest } from '../types';
import { ErrorNotice } from './notice';

/** `POST …/comments`: any key that sees the request may comment while it is open. */
export function ChangeRequestCommentForm({ cr, onChanged }: { cr: ChangeRequest; onChanged(cr: ChangeRequest): void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | undefined>();

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await addComment(cr, text.trim()));
      setText('');
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="stack" onSubmit={submit}>
      <label for="cr-comment">Add a comment</label>
      <textarea id="cr-comment" rows={3} required maxLength={10_000} value={text} onInput={(e) => setText(e.currentTarget.value)} />
      <div>
        <button type="submit" disabled={busy || !text.trim()}>
          Comment
        </button>
      </div>
      <ErrorNotice error={error} />
    </form>
  );
}
