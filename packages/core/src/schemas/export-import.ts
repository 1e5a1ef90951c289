/**
 * Unleash 8.2.0's import and export bodies (`features-batch`): what to export, the export itself (which
 * an import carries back as `data`), and a validation's answer. Items keep unknown fields out of what is
 * stored: the import reads the fields it knows and ignores the rest (Unleash's exports carry fields such
 * as `featureEnvironments[].name` or `featureTags[].createdByUserId` that nothing needs).
 */
const name = { type: 'string', minLength: 1, maxLength: 100 } as const;
const text = { type: ['string', 'null'] } as const;
const looseObject = (required: readonly string[], properties: Record<string, unknown>) =>
  ({ type: 'object', required, properties, additionalProperties: true }) as const;

/** `POST /api/admin/features-batch/export`: an environment and the features by names, a tag value, a project, or all. */
export const exportQuerySchema = {
  $id: 'exportQuery',
  type: 'object',
  additionalProperties: false,
  required: ['environment'],
  properties: {
    environment: name,
    features: { type: 'array', maxItems: 10_000, items: { type: 'string', minLength: 1, maxLength: 100 } },
    tag: { type: 'string', maxLength: 100 },
    project: name,
    downloadFile: { type: 'boolean' },
  },
} as const;

const exportFeature = looseObject(['name'], {
  name,
  description: text,
  type: { type: 'string' },
  project: { type: 'string' },
  stale: { type: ['boolean', 'null'] },
  impressionData: { type: ['boolean', 'null'] },
  archived: { type: ['boolean', 'null'] },
});

const exportStrategy = looseObject(['name'], {
  id: { type: 'string' },
  name: { type: 'string' },
  featureName: { type: 'string' },
  title: text,
  disabled: { type: ['boolean', 'null'] },
  sortOrder: { type: 'number' },
  segments: { type: 'array', items: { type: 'number' } },
  constraints: { type: 'array', items: { type: 'object' } },
  variants: { type: 'array', items: { type: 'object' } },
  parameters: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
});

const exportFeatureEnvironment = looseObject(['enabled'], {
  name: { type: 'string' },
  featureName: { type: 'string' },
  environment: { type: 'string' },
  enabled: { type: 'boolean' },
  variants: { type: 'array', items: { type: 'object' } },
});

const legalValue = looseObject(['value'], { value: { type: 'string' }, description: { type: 'string' } });

const exportContextField = looseObject(['name'], {
  name,
  description: text,
  stickiness: { type: 'boolean' },
  sortOrder: { type: 'number' },
  legalValues: { type: 'array', items: legalValue },
  project: text,
});

const exportFeatureTag = looseObject(['featureName', 'tagValue'], {
  featureName: { type: 'string' },
  tagType: { type: 'string' },
  tagValue: { type: 'string' },
});

const exportTagType = looseObject(['name'], {
  name: { type: 'string' },
  description: { type: 'string' },
  icon: text,
  color: text,
});

const exportDependency = looseObject(['feature', 'dependencies'], {
  feature: { type: 'string' },
  dependencies: {
    type: 'array',
    items: looseObject(['feature'], {
      feature: { type: 'string' },
      enabled: { type: 'boolean' },
      variants: { type: 'array', items: { type: 'string' } },
    }),
  },
});

const exportLinks = looseObject(['feature', 'links'], {
  feature: { type: 'string' },
  links: { type: 'array', items: looseObject(['url'], { id: { type: 'string' }, url: { type: 'string' }, title: text }) },
});

/** The export: Unleash's exportResultSchema's fields (features, featureStrategies and tagTypes required). */
export const exportResultSchema = {
  $id: 'exportResult',
  type: 'object',
  additionalProperties: false,
  required: ['features', 'featureStrategies', 'tagTypes'],
  properties: {
    features: { type: 'array', items: exportFeature },
    featureStrategies: { type: 'array', items: exportStrategy },
    featureEnvironments: { type: 'array', items: exportFeatureEnvironment },
    contextFields: { type: 'array', items: exportContextField },
    featureTags: { type: 'array', items: exportFeatureTag },
    segments: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['id', 'name'], properties: { id: { type: 'number' }, name } },
    },
    tagTypes: { type: 'array', items: exportTagType },
    dependencies: { type: 'array', items: exportDependency },
    links: { type: 'array', items: exportLinks },
  },
} as const;

/** `POST .../validate` and `.../import`: the project and environment to import into, and an export. */
export const importTogglesSchema = {
  $id: 'importToggles',
  type: 'object',
  additionalProperties: false,
  required: ['project', 'environment', 'data'],
  properties: { project: name, environment: name, data: { $ref: 'exportResult' } },
} as const;

const validationItem = {
  type: 'object',
  additionalProperties: false,
  required: ['message', 'affectedItems'],
  properties: { message: { type: 'string' }, affectedItems: { type: 'array', items: { type: 'string' } } },
} as const;

/** A validation's answer: what stops the import, what it will do, and the permissions the key lacks. */
export const importValidationSchema = {
  $id: 'importValidation',
  type: 'object',
  additionalProperties: false,
  required: ['errors', 'warnings', 'permissions'],
  properties: {
    errors: { type: 'array', items: validationItem },
    warnings: { type: 'array', items: validationItem },
    permissions: { type: 'array', items: validationItem },
  },
} as const;

export const EXPORT_IMPORT_SCHEMAS = [exportQuerySchema, exportResultSchema, importTogglesSchema, importValidationSchema] as const;
