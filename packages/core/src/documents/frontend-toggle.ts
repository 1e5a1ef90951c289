/** The frontend API's answer for one flag (Unleash's `frontendApiFeatureSchema`). */
import type { FlagEvaluation } from '@flagadmin/evaluation';

export interface FrontendToggle {
  name: string;
  enabled: boolean;
  variant: {
    name: string;
    enabled: boolean;
    payload?: { type: string; value: string };
    feature_enabled: boolean;
    /** The same as `feature_enabled`, under the name older SDKs read (Unleash sends both). */
    featureEnabled: boolean;
  };
  impressionData: boolean;
}

export function frontendToggle(evaluation: FlagEvaluation): FrontendToggle {
  const { variant } = evaluation;
  return {
    name: evaluation.name,
    enabled: evaluation.enabled,
    variant: {
      name: variant.name,
      enabled: variant.enabled,
      ...(variant.payload ? { payload: variant.payload } : {}),
      feature_enabled: variant.feature_enabled,
      featureEnabled: variant.feature_enabled,
    },
    impressionData: evaluation.impressionData,
  };
}
