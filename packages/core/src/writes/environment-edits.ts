/** The on/off and variants edits of a feature environment: what the routes and a change request's apply run. */
import { addDefaultStrategy } from '../rules/environment-state';
import { assertValid } from '../schemas/validation';
import type { EnvironmentEdit } from './feature-environment-write';
import { replaceVariants, type FeatureVariants } from './replace-variants';

/**
 * On or off. Enabling an environment with no strategy first adds the project's default one (`feature-strategy-add`,
 * then `feature-environment-enabled`); disabling keeps the strategies; the state it has is no change.
 */
export function toggleEdit(enabled: boolean): EnvironmentEdit<null> {
  return ({ feature, state, project }) => {
    if (state.enabled === enabled) return { result: null, events: [] };
    const added = enabled ? addDefaultStrategy(state, feature.name, project) : undefined;
    state.enabled = enabled;
    const switched = { type: enabled ? 'feature-environment-enabled' : 'feature-environment-disabled', environment: state.name };
    return { result: null, events: [...(added ? [added] : []), switched] };
  };
}

/** The whole variants set (checked here). Event: `feature-environment-variants-updated`. */
export function putVariantsEdit(body: unknown): EnvironmentEdit<FeatureVariants> {
  assertValid('environmentVariantsBody', body, 'variants');
  return (scope) => replaceVariants(scope, body);
}
