import { api, seg } from '../api';
import type { OutdatedSdks } from '../types';
import { useResource } from '../use-resource';
import { ErrorNotice, Loading } from './notice';

/** GET /api/admin/projects/:p/sdks/outdated: outdated SDK versions and the applications using them. */
export function OutdatedSdkList({ projectId }: { projectId: string }) {
  const sdks = useResource(
    async () => (await api<OutdatedSdks>(`/api/admin/projects/${seg(projectId)}/sdks/outdated`)).data.sdks,
    [projectId],
  );
  return (
    <section aria-labelledby="sdks-heading">
      <h2 id="sdks-heading">Outdated SDKs</h2>
      <ErrorNotice error={sdks.error} />
      {sdks.loading && !sdks.data ? <Loading what="SDKs" /> : null}
      {sdks.data && sdks.data.length === 0 ? <p>No application of this project uses an outdated SDK.</p> : null}
      {sdks.data && sdks.data.length > 0 ? (
        <table class="sdks">
          <thead>
            <tr>
              <th scope="col">SDK version</th>
              <th scope="col">Applications</th>
            </tr>
          </thead>
          <tbody>
            {sdks.data.map((s) => (
              <tr key={s.sdkVersion}>
                <th scope="row">
                  <code>{s.sdkVersion}</code>
                </th>
                <td>{s.applications.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
