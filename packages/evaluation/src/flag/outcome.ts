import type { VariantResult } from '../types';

/** A flag's answer for one context: on or off, and the variant handed out. */
export interface Outcome {
  enabled: boolean;
  variant: VariantResult;
}

/** Unleash's `disabled` variant: what an off flag, or an on flag with no variant to give, hands out. */
export const disabledVariant = (featureEnabled: boolean): VariantResult => ({
  name: 'disabled',
  enabled: false,
  feature_enabled: featureEnabled,
});

export const OFF: Readonly<Outcome> = Object.freeze({ enabled: false, variant: Object.freeze(disabledVariant(false)) });
