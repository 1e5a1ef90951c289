/**
 * What switching an environment does to its strategies, as Unleash does it: enabling an environment
 * with no strategy first gives it the project's default strategy for that environment (when none is
 * set, flexibleRollout 100 %), and an environment whose last enabled strategy goes (removed or
 * disabled) is switched off, so SDKs always get what the document shows.
 */
import type { EventInput } from '../runtime/emit';
import type { FeatureEnvironmentState, FeatureRecord, ProjectRecord, Strategy } from '../base/records';
import { strategyAdded, strategyDocument } from './strategy-events';

/** The project's default strategy for a feature in `environment`; flexibleRollout 100 % when it has none. */
export function defaultStrategy(featureName: string, project?: Pick<ProjectRecord, 'defaultStrategies'>, environment?: string): Strategy {
  const set = project?.defaultStrategies?.find((d) => d.environment === environment)?.strategy;
  if (set) {
    // Unleash's rule: an empty groupId is the feature's name.
    const groupId = set.parameters['groupId'];
    const parameters = {
      ...set.parameters,
      ...(groupId === '' || (groupId === undefined && set.name === 'flexibleRollout') ? { groupId: featureName } : {}),
    };
    return {
      ...set,
      id: crypto.randomUUID(),
      sortOrder: 0,
      parameters,
      constraints: [...set.constraints],
      segments: [...set.segments],
      variants: [...set.variants],
    };
  }
  return {
    id: crypto.randomUUID(),
    name: 'flexibleRollout',
    disabled: false,
    sortOrder: 0,
    constraints: [],
    parameters: { rollout: '100', stickiness: 'default', groupId: featureName },
    segments: [],
    variants: [],
  };
}

/** Gives an environment without strategies the default one (the project's, when given); its event, or undefined. */
export function addDefaultStrategy(
  state: FeatureEnvironmentState,
  featureName: string,
  project?: Pick<ProjectRecord, 'defaultStrategies'>,
): EventInput | undefined {
  if (state.strategies.length > 0) return undefined;
  const strategy = defaultStrategy(featureName, project, state.name);
  state.strategies = [strategy]; // a new array: the state may share its list with the record it was copied from
  return strategyAdded(state.name, strategyDocument(strategy, featureName));
}

/**
 * Inserts the default strategy's event before every `feature-environment-enabled` fact of an
 * environment that has no strategy, adding the strategy to `record` (the feature being written).
 */
export function withDefaultStrategies<T extends { event: EventInput }>(
  record: FeatureRecord,
  facts: readonly T[],
  wrap: (event: EventInput) => T,
  project?: Pick<ProjectRecord, 'defaultStrategies'>,
): T[] {
  const out: T[] = [];
  for (const fact of facts) {
    const state =
      fact.event.type === 'feature-environment-enabled' ? record.environments.find((e) => e.name === fact.event.environment) : undefined;
    const added = state && addDefaultStrategy(state, record.name, project);
    if (added) out.push(wrap(added));
    out.push(fact);
  }
  return out;
}

/** Switches an enabled environment off when none of its strategies is enabled; its event, or undefined. */
export function disableWithoutEnabledStrategy(state: FeatureEnvironmentState): EventInput | undefined {
  if (!state.enabled || state.strategies.some((s) => !s.disabled)) return undefined;
  state.enabled = false;
  return { type: 'feature-environment-disabled', environment: state.name };
}
