/** The flag configuration operations, for `createAdmin` to bind (each takes the context and principal first). */
import { addDependency } from '../operations/add-dependency';
import { addStrategy } from '../operations/add-strategy';
import { createSegment } from '../operations/create-segment';
import { deleteDependencies } from '../operations/delete-dependencies';
import { deleteDependency } from '../operations/delete-dependency';
import { deleteSegment } from '../operations/delete-segment';
import { getSegment } from '../operations/get-segment';
import { listSegments } from '../operations/list-segments';
import { updateSegment } from '../operations/update-segment';
import { validateSegment } from '../operations/validate-segment';
import { getStrategiesBySegmentId } from '../operations/get-strategies-by-segment-id';
import { getSegmentsByStrategyId } from '../operations/get-segments-by-strategy-id';
import { deleteStrategy } from '../operations/delete-strategy';
import { getEnvironmentVariants } from '../operations/get-environment-variants';
import { patchEnvironmentVariants } from '../operations/patch-environment-variants';
import { putEnvironmentVariants } from '../operations/put-environment-variants';
import { getStrategies } from '../operations/get-strategies';
import { getStrategy } from '../operations/get-strategy';
import { patchStrategy } from '../operations/patch-strategy';
import { setStrategySortOrder } from '../operations/set-strategy-sort-order';
import { toggleEnvironment } from '../operations/toggle-environment';
import { updateStrategy } from '../operations/update-strategy';

export const FLAG_CONFIG_OPERATIONS = {
  getStrategies,
  getStrategy,
  addStrategy,
  updateStrategy,
  patchStrategy,
  deleteStrategy,
  setStrategySortOrder,
  toggleEnvironment,
  getEnvironmentVariants,
  putEnvironmentVariants,
  patchEnvironmentVariants,
  listSegments,
  getSegment,
  createSegment,
  updateSegment,
  deleteSegment,
  validateSegment,
  getStrategiesBySegmentId,
  getSegmentsByStrategyId,
  addDependency,
  deleteDependency,
  deleteDependencies,
} as const;
