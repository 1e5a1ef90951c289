/** The client API beyond polling, for the admin's table: one feature, deltas, streams, Unleash Edge's routes. */
import { getClientDelta } from '../operations/get-client-delta';
import { getClientFeature } from '../operations/get-client-feature';
import { openClientStream } from '../operations/open-client-stream';
import { recordBulkMetrics } from '../operations/record-bulk-metrics';
import { validateEdgeTokens } from '../operations/validate-edge-tokens';

export const CLIENT_DELIVERY_OPERATIONS = {
  getClientFeature,
  getClientDelta,
  openClientStream,
  validateEdgeTokens,
  recordBulkMetrics,
} as const;
