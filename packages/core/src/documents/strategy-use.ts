/** Where a strategy that uses something (a segment, a context field) stands: Unleash's answer item for both. */
export interface StrategyUse {
  id: string;
  featureName: string;
  projectId: string;
  environment: string;
  strategyName: string;
}
