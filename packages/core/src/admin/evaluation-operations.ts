/** The operations that evaluate flags: the frontend API, OFREP, the playground, and the frontend API's CORS setting. */
import { evaluateOfrepFlag } from '../operations/evaluate-ofrep-flag';
import { evaluateOfrepFlags } from '../operations/evaluate-ofrep-flags';
import { getAdvancedPlayground } from '../operations/get-advanced-playground';
import { getFrontendFeatures } from '../operations/get-frontend-features';
import { getPlayground } from '../operations/get-playground';
import { getUiConfig } from '../operations/get-ui-config';
import { recordFrontendMetrics } from '../operations/record-frontend-metrics';
import { registerFrontendClient } from '../operations/register-frontend-client';
import { setCors } from '../operations/set-cors';

export const EVALUATION_OPERATIONS = {
  getFrontendFeatures,
  recordFrontendMetrics,
  registerFrontendClient,
  evaluateOfrepFlag,
  evaluateOfrepFlags,
  getPlayground,
  getAdvancedPlayground,
  getUiConfig,
  setCors,
} as const;
