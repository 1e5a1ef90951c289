import { ChangeRequestActions } from '../components/change-request-actions';
import { ChangeRequestChanges } from '../components/change-request-changes';
import { ChangeRequestCommentForm } from '../components/change-request-comment-form';
import { ChangeRequestReviews } from '../components/change-request-reviews';
import { ErrorNotice, Loading } from '../components/notice';
import { who } from '../components/person';
import { Breadcrumbs, Page } from '../components/page';
import { getChangeRequest, getCurrentKey } from '../change-requests';
import { mayComment } from '../change-request-moves';
import { formatDateTime } from '../format';
import { href, type Params } from '../router';
import { useResource } from '../use-resource';

/**
 * One change request: its facts, the moves its state allows this key, its changes as diffs, then reviews and
 * comments. Every write answers the request as it is now, which replaces the one on screen.
 */
export function ChangeRequestView({ params }: { params: Params }) {
  const projectId = params['projectId']!;
  const id = params['id']!;
  const request = useResource(() => getChangeRequest(projectId, id), [projectId, id]);
  // Who this key is decides the buttons; when the API cannot say, every move the state allows is shown.
  const me = useResource(getCurrentKey, []);
  const meKnown = me.data ?? (me.error ? null : undefined);
  const cr = request.data;
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Projects', href: '#/' },
          { label: projectId, href: href('projects', projectId) },
          { label: `Change request ${id}` },
        ]}
      />
      <Page title={cr?.title ?? `Change request ${id}`}>
        <ErrorNotice error={request.error} />
        {request.loading && !cr ? <Loading what="the change request" /> : null}
        {cr ? (
          <>
            <dl class="facts">
              <dt>State</dt>
              <dd>
                <span class="badge" data-testid="cr-state">
                  {cr.state}
                </span>
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
            {meKnown === undefined ? (
              <Loading what="what this key may do" />
            ) : (
              <ChangeRequestActions cr={cr} me={meKnown} onChanged={request.set} onMovedMeanwhile={request.reload} />
            )}
            <ChangeRequestChanges cr={cr} />
            <ChangeRequestReviews cr={cr} />
            {meKnown !== undefined && mayComment(cr, meKnown) ? <ChangeRequestCommentForm cr={cr} onChanged={request.set} /> : null}
          </>
        ) : null}
      </Page>
    </>
  );
}
