/**
 * Bounds on flag configuration fixed in the request schemas (the configurable ones are in
 * ../limits.ts). The numbers are Unleash's where Unleash has one; a request past one is a 400.
 */
export const FLAG_CONFIG_LIMITS = {
  /** Characters of one constraint value. */
  constraintValueLength: 1000,
  /**
   * Characters of a REGEX constraint's pattern: @flagadmin/evaluation counts a longer one as invalid
   * (its REGEX_LIMITS.pattern), so core refuses it rather than store a constraint that never matches.
   */
  regexPatternLength: 1000,
  /** Segments one strategy refers to (Unleash: strategySegmentsLimit). */
  segmentsPerStrategy: 5,
  /** Variants of one feature environment or one strategy. */
  variantsPerSet: 100,
  /** Overrides of one variant. */
  overridesPerVariant: 30,
  /** Values of one variant override. */
  valuesPerOverride: 250,
  /** Characters of one variant payload value. */
  payloadLength: 10_000,
} as const;
