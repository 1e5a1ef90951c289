import { formatDateTime } from '../format';
import type { ChangeRequest } from '../types';
import { who } from './person';

/** Approvals, rejections and comments of a change request. */
export function ChangeRequestReviews({ cr }: { cr: ChangeRequest }) {
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews and comments</h2>
      <ul class="plain-list">
        {(cr.approvals ?? []).map((a, i) => (
          <li key={`a${i}`}>
            Approved by {who(a.createdBy)}, {formatDateTime(a.createdAt)}
          </li>
        ))}
        {(cr.rejections ?? []).map((r, i) => (
          <li key={`r${i}`}>
            Rejected by {who(r.createdBy)}, {formatDateTime(r.createdAt)}
          </li>
        ))}
        {(cr.comments ?? []).map((c) => (
          <li key={`c${c.id}`}>
            <span class="muted small">
              {who(c.createdBy)}, {formatDateTime(c.createdAt)}:
            </span>{' '}
            {c.text}
          </li>
        ))}
      </ul>
      {!cr.approvals?.length && !cr.rejections?.length && !cr.comments?.length ? <p>No reviews or comments yet.</p> : null}
    </section>
  );
}
