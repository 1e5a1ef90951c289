/** The built-in strategies by name. Any other name (a custom strategy) never matches, as in the SDKs. */
import { applicationHostname, remoteAddress, userWithId } from './list-strategies';
import { flexibleRollout, gradualRolloutRandom, gradualRolloutSessionId, gradualRolloutUserId } from './rollout-strategies';
import type { StrategyRule } from './strategy';

export const STRATEGIES: ReadonlyMap<string, StrategyRule> = new Map<string, StrategyRule>([
  ['default', () => true],
  ['userWithId', userWithId],
  ['gradualRolloutUserId', gradualRolloutUserId],
  ['gradualRolloutSessionId', gradualRolloutSessionId],
  ['gradualRolloutRandom', gradualRolloutRandom],
  ['flexibleRollout', flexibleRollout],
  ['remoteAddress', remoteAddress],
  ['applicationHostname', applicationHostname],
]);
