/** The strategy definition operations (`/api/admin/strategies`), for `createAdmin` to bind. */
import { createStrategyDefinition } from '../operations/create-strategy-definition';
import { deprecateStrategyDefinition } from '../operations/deprecate-strategy-definition';
import { getStrategyDefinition } from '../operations/get-strategy-definition';
import { listStrategyDefinitions } from '../operations/list-strategy-definitions';
import { reactivateStrategyDefinition } from '../operations/reactivate-strategy-definition';
import { removeStrategyDefinition } from '../operations/remove-strategy-definition';
import { updateStrategyDefinition } from '../operations/update-strategy-definition';

export const STRATEGY_DEFINITION_OPERATIONS = {
  listStrategyDefinitions,
  getStrategyDefinition,
  createStrategyDefinition,
  updateStrategyDefinition,
  removeStrategyDefinition,
  deprecateStrategyDefinition,
  reactivateStrategyDefinition,
} as const;
