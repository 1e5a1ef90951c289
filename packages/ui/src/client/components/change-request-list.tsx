import { listChangeRequests } from '../change-requests';
import { formatDateTime } from '../format';
import { href } from '../router';
import { useResource } from '../use-resource';
import { ErrorNotice, Loading } from './notice';
import { who } from './person';

/** The project's change requests the key may see, newest first, each linking to its screen. */
export function ChangeRequestList({ projectId }: { projectId: string }) {
  const requests = useResource(() => listChangeRequests(projectId), [projectId]);
  const list = requests.data;
  return (
    <section aria-labelledby="cr-heading">
      <h2 id="cr-heading">Change requests</h2>
      <ErrorNotice error={requests.error} />
      {requests.loading && !list ? <Loading what="change requests" /> : null}
      {list && list.length === 0 ? <p>No change request in this project.</p> : null}
      {list && list.length > 0 ? (
        <div class="table-wrap">
          <table class="change-requests">
            <caption class="visually-hidden">Change requests of the project, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">State</th>
                <th scope="col">Environment</th>
                <th scope="col">Author</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {list.map((cr) => (
                <tr key={cr.id} data-change-request={cr.id}>
                  <th scope="row">
                    <a href={href('projects', projectId, 'change-requests', String(cr.id))}>{cr.title ?? `Change request #${cr.id}`}</a>
                  </th>
                  <td>
                    <span class="badge">{cr.state}</span>
                  </td>
                  <td>{cr.environment}</td>
                  <td>{who(cr.createdBy)}</td>
                  <td>{formatDateTime(cr.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
