/** JSON Schema of the body that makes a feature depend on a parent feature. */
import { FLAG_CONFIG_LIMITS } from '../base/flag-config-limits';

export const dependencyBodySchema = {
  $id: 'dependencyBody',
  type: 'object',
  additionalProperties: false,
  required: ['feature'],
  properties: {
    feature: { type: 'string', minLength: 1, maxLength: 100 },
    enabled: { type: 'boolean' },
    variants: {
      type: 'array',
      maxItems: FLAG_CONFIG_LIMITS.variantsPerSet,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 255 },
    },
  },
} as const;
