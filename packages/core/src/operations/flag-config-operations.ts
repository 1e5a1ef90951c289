/** The flag configuration operations, for `createAdmin` to bind (each takes the context and principal first). */
import { addDependency } from './add-dependency';
import { addStrategy } from './add-strategy';
import { createSegment } from './create-segment';
import { deleteDependencies, deleteDependency } from './delete-dependency';
import { deleteSegment } from './delete-segment';
import { getSegment, listSegments } from './get-segments';
import { updateSegment } from './update-segment';
import { deleteStrategy } from './delete-strategy';
import { getEnvironmentVariants, patchEnvironmentVariants, putEnvironmentVariants } from './environment-variants';
import { getStrategies, getStrategy } from './get-strategies';
import { patchStrategy } from './patch-strategy';
import { setStrategySortOrder } from './set-strategy-sort-order';
import { toggleEnvironment } from './toggle-environment';
import { updateStrategy } from './update-strategy';

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
  addDependency,
  deleteDependency,
  deleteDependencies,
} as const;
