/** Events of a change request: each carries `data.changeRequestId`, the request's project and environment. */
import type { EventInput } from '../runtime/emit';
import type { ChangeRequestRecord } from '../base/change-request-records';

export const requestEvent = (
  cr: ChangeRequestRecord,
  type: string,
  data: Record<string, unknown> = {},
  featureName?: string,
): EventInput => ({
  type,
  project: cr.project,
  environment: cr.environment,
  ...(featureName ? { featureName } : {}),
  data: { changeRequestId: cr.id, title: cr.title, state: cr.state, ...data },
});
