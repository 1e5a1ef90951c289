import { api, seg } from '../api';
import { ErrorNotice, Loading } from '../components/notice';
import { Breadcrumbs, Page } from '../components/page';
import { formatDateTime } from '../format';
import { href, type Params } from '../router';
import type { ChangeRequest, ChangeRequestChange, Person } from '../types';
import { useResource } from '../use-resource';

const who = (p: Person | undefined) => p?.username ?? 'unknown';

function ChangeItem({ change }: { change: ChangeRequestChange }) {
  return (
    <li class="change">
      <div>
        <strong>{change.action}</strong> <span class="muted small">by {who(change.createdBy)} · {formatDateTime(change.createdAt)}</span>
      </div>
      {change.conflict ? <p class="conflict">Conflict: {change.conflict}</p> : null}
      <pre class="payload">{JSON.stringify(change.payload, null, 2)}</pre>
    </li>
  );
}

/** One change request, read-only: its changes per feature, approvals, rejections and comments. */
export function ChangeRequestView({ params }: { params: Params }) {
  const projectId = params['projectId']!;
  const id = params['id']!;
  const request = useResource(async () => (await api<ChangeRequest>(`/api/admin/projects/${seg(projectId)}/change-requests/${seg(id)}`)).data, [projectId, id]);
  const cr = request.data;
  return (
    <>
      <Breadcrumbs items={[{ label: 'Projects', href: '#/' }, { label: projectId, href: href('projects', projectId) }, { label: `Change request ${id}` }]} />
      <Page title={cr?.title ?? `Change request ${id}`}>
        <ErrorNotice error={request.error} />
        {request.loading && !cr ? <Loading what="the change request" /> : null}
        {cr ? (
          <>
            <dl class="facts">
              <dt>State</dt>
              <dd>
                <span class="badge">{cr.state}</span>
              </dd>
              <dt>Environment</dt>
              <dd>{cr.environment}</dd>
              <dt>Approvals</dt>
              <dd>
                {cr.approvals?.length ?? 0} of {cr.minApprovals} needed
              </dd>
              <dt>Created</dt>
              <dd>
                by {who(cr.createdBy)}, {formatDateTime(cr.createdAt)}
              </dd>
            </dl>
            <section aria-labelledby="changes-heading">
              <h2 id="changes-heading">Changes</h2>
              {cr.features.length === 0 && cr.segments.length === 0 ? <p>No changes.</p> : null}
              {cr.features.map((f) => (
                <article key={f.name} class="cr-feature" aria-labelledby={`cr-f-${f.name}`}>
                  <h3 id={`cr-f-${f.name}`}>
                    <a href={href('projects', projectId, 'features', f.name)}>{f.name}</a>
                  </h3>
                  {f.conflict ? <p class="conflict">Conflict: {f.conflict}</p> : null}
                  <ul class="plain-list">
                    {f.changes.map((c) => (
                      <ChangeItem key={c.id} change={c} />
                    ))}
                  </ul>
                </article>
              ))}
              {cr.segments.length > 0 ? (
                <article class="cr-feature" aria-labelledby="cr-segments">
                  <h3 id="cr-segments">Segments</h3>
                  <ul class="plain-list">
                    {cr.segments.map((c) => (
                      <ChangeItem key={c.id} change={c} />
                    ))}
                  </ul>
                </article>
              ) : null}
            </section>
            <section aria-labelledby="reviews-heading">
              <h2 id="reviews-heading">Reviews and comments</h2>
              <ul class="plain-list">
                {(cr.approvals ?? []).map((a, i) => (
                  <li key={`a${i}`}>Approved by {who(a.createdBy)}, {formatDateTime(a.createdAt)}</li>
                ))}
                {(cr.rejections ?? []).map((r, i) => (
                  <li key={`r${i}`}>Rejected by {who(r.createdBy)}, {formatDateTime(r.createdAt)}</li>
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
          </>
        ) : null}
      </Page>
    </>
  );
}
