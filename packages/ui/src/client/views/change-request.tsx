import { api, seg } from '../api';
import { ChangeRequestChanges } from '../components/change-request-changes';
import { ChangeRequestReviews } from '../components/change-request-reviews';
import { ErrorNotice, Loading } from '../components/notice';
import { who } from '../components/person';
import { Breadcrumbs, Page } from '../components/page';
import { formatDateTime } from '../format';
import { href, type Params } from '../router';
import type { ChangeRequest } from '../types';
import { useResource } from '../use-resource';

/**
 * One change request, read-only: its facts, then one section per part (changes; reviews and comments),
 * each a component given the request.
 */
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
            <ChangeRequestChanges cr={cr} />
            <ChangeRequestReviews cr={cr} />
          </>
        ) : null}
      </Page>
    </>
  );
}
