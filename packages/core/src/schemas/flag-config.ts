/** The schemas of flag configuration (strategies, variants, segments, dependencies), for SCHEMAS. */
import { dependencyBodySchema } from './dependency';
import { segmentBodySchema, segmentNameBodySchema, segmentSchema, segmentsSchema, segmentStrategiesSchema } from './segment';
import { featureStrategiesSchema, featureStrategySchema, strategyBodySchema, strategySortOrderSchema, strategyUseSchema } from './strategy';
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
  segmentNameBodySchema,
  strategyUseSchema,
  segmentStrategiesSchema,
  dependencyBodySchema,
] as const;
