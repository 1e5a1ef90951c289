/**
 * Bounds on flag configuration, so no feature, strategy or segment grows without limit. The numbers
 * are Unleash's default resource limits where Unleash has one; a request past one is a 400 naming it.
 */
export const FLAG_CONFIG_LIMITS = {
  /** Strategies of one feature in one environment (Unleash: featureEnvironmentStrategies). */
  strategiesPerEnvironment: 30,
  /** Constraints of one strategy or segment (Unleash: constraints). */
  constraintsPerStrategy: 30,
  /** Values of one constraint (Unleash: constraintValues). */
  valuesPerConstraint: 250,
  /** Characters of one constraint value. */
  constraintValueLength: 1000,
  /** Segments one strategy refers to (Unleash: strategySegmentsLimit). */
  segmentsPerStrategy: 5,
  /** Segments of the instance (Unleash: segments). */
  segments: 300,
  /** Constraint values over all constraints of one segment (Unleash: segmentValuesLimit). */
  valuesPerSegment: 1000,
  /** Variants of one feature environment or one strategy. */
  variantsPerSet: 100,
  /** Overrides of one variant. */
  overridesPerVariant: 30,
  /** Characters of one variant payload value. */
  payloadLength: 10_000,
  /** Parents of one feature. */
  dependenciesPerFeature: 10,
} as const;
