/** The schemas of flag configuration (strategies, variants, segments, dependencies), for SCHEMAS. */
import { dependencyBodySchema } from './dependency';
import { segmentBodySchema, segmentSchema, segmentsSchema } from './segment';
import { featureStrategiesSchema, featureStrategySchema, strategyBodySchema, strategySortOrderSchema } from './strategy';
import { environmentVariantsBodySchema, featureVariantsSchema } from './variant';

export const FLAG_CONFIG_SCHEMAS = [
  strategyBodySchema,
  strategySortOrderSchema,
  featureStrategySchema,
  featureStrategiesSchema,
  environmentVariantsBodySchema,
  featureVariantsSchema,
  segmentBodySchema,
  segmentSchema,
  segmentsSchema,
  dependencyBodySchema,
] as const;
