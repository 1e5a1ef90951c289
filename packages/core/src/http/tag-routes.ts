/** Routes of tags and tag types, with Unleash 8.2.0's paths, operationIds and statuses. */
import { requireAdminKey, requireTagAdmin, requireUpdateFeature } from '../base/auth';
import { created, ok, type Route } from './route';

const FEATURE_TAGS = '/api/admin/features/:featureName/tags';
const empty = { status: 200, body: null } as const;

export const TAG_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: FEATURE_TAGS,
    summary: "A feature's tags, each with its type's colour",
    operationId: 'listTags',
    auth: 'admin',
    response: { status: 200, schema: 'tagList' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, { principal, params }) => ok(await admin.listFeatureTags(principal, { featureName: params['featureName']! })),
  },
  {
    method: 'POST',
    path: FEATURE_TAGS,
    summary: 'Tag a feature (a tag it has is no change); the tag type must exist',
    operationId: 'addTag',
    auth: 'admin',
    request: 'tagBody',
    response: { status: 201, schema: 'tagBody' },
    errors: [400, 404, 413, 415],
    authorize: requireAdminKey,
    run: async (admin, { principal, params, json }) =>
      created(await admin.addFeatureTag(principal, { featureName: params['featureName']!, body: await json() })),
  },
  {
    method: 'PUT',
    path: FEATURE_TAGS,
    summary: "Add, then remove, tags of a feature: {addedTags, removedTags}; answers the feature's tags",
    operationId: 'updateTags',
    auth: 'admin',
    request: 'updateTagsBody',
    response: { status: 200, schema: 'tagList' },
    errors: [400, 404, 413, 415],
    authorize: requireAdminKey,
    run: async (admin, { principal, params, json }) =>
      ok(await admin.updateFeatureTags(principal, { featureName: params['featureName']!, body: await json() })),
  },
  {
    method: 'DELETE',
    path: `${FEATURE_TAGS}/:type/:value`,
    summary: 'Remove a tag from a feature (a tag it does not have, or an unknown feature, is no change)',
    operationId: 'removeTag',
    auth: 'admin',
    response: { status: 200 },
    errors: [],
    authorize: requireAdminKey,
    async run(admin, { principal, params }) {
      await admin.removeFeatureTag(principal, { featureName: params['featureName']!, type: params['type']!, value: params['value']! });
      return empty;
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/projects/:projectId/tags',
    summary: 'The same tag change on several features of the project: {features, tags: {addedTags, removedTags}}',
    operationId: 'addTagToFeatures',
    auth: 'admin',
    request: 'tagsBulkAddBody',
    response: { status: 200 },
    errors: [400, 413, 415],
    authorize: (principal, params) => requireUpdateFeature(principal, params['projectId']!),
    async run(admin, { principal, params, json }) {
      await admin.addTagToFeatures(principal, { projectId: params['projectId']!, body: await json() });
      return empty;
    },
  },
  {
    method: 'GET',
    path: '/api/admin/tags',
    summary: "The instance's tag list",
    operationId: 'getTags',
    auth: 'admin',
    response: { status: 200, schema: 'tagList' },
    errors: [],
    cachedPerRevision: true,
    run: async (admin, { principal }) => ok(await admin.listTags(principal)),
  },
  {
    method: 'POST',
    path: '/api/admin/tags',
    summary: 'Add a tag to the list (value trimmed); its type must exist',
    operationId: 'createTag',
    auth: 'admin',
    request: 'createTagBody',
    response: { status: 201, schema: 'tagWithVersion' },
    errors: [400, 409, 413, 415],
    authorize: (principal) => requireTagAdmin(principal, 'UPDATE_FEATURE'),
    run: async (admin, { principal, json }) => created(await admin.createTag(principal, { body: await json() })),
  },
  {
    method: 'GET',
    path: '/api/admin/tags/:type',
    summary: 'The tags of one type (none for an unknown type)',
    operationId: 'getTagsByType',
    auth: 'admin',
    response: { status: 200, schema: 'tagList' },
    errors: [],
    cachedPerRevision: true,
    run: async (admin, { principal, params }) => ok(await admin.listTags(principal, { type: params['type']! })),
  },
  {
    method: 'GET',
    path: '/api/admin/tags/:type/:value',
    summary: 'One tag of the list',
    operationId: 'getTag',
    auth: 'admin',
    response: { status: 200, schema: 'tagWithVersion' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, { principal, params }) => ok(await admin.getTag(principal, { type: params['type']!, value: params['value']! })),
  },
  {
    method: 'DELETE',
    path: '/api/admin/tags/:type/:value',
    summary: 'Remove a tag from the list; refused (409) while a feature carries it',
    operationId: 'deleteTag',
    auth: 'admin',
    response: { status: 200 },
    errors: [409],
    authorize: (principal) => requireTagAdmin(principal, 'UPDATE_FEATURE'),
    async run(admin, { principal, params }) {
      await admin.deleteTag(principal, { type: params['type']!, value: params['value']! });
      return empty;
    },
  },
  {
    method: 'GET',
    path: '/api/admin/tag-types',
    summary: 'Every tag type',
    operationId: 'getTagTypes',
    auth: 'admin',
    response: { status: 200, schema: 'tagTypes' },
    errors: [],
    cachedPerRevision: true,
    run: async (admin, { principal }) => ok(await admin.listTagTypes(principal)),
  },
  {
    method: 'POST',
    path: '/api/admin/tag-types',
    summary: 'Create a tag type: {name, description?, icon?, color?}',
    operationId: 'createTagType',
    auth: 'admin',
    request: 'tagTypeBody',
    response: { status: 201, schema: 'tagType' },
    errors: [400, 409, 413, 415],
    authorize: (principal) => requireTagAdmin(principal, 'CREATE_TAG_TYPE'),
    run: async (admin, { principal, json }) => created(await admin.createTagType(principal, { body: await json() })),
  },
  {
    method: 'POST',
    path: '/api/admin/tag-types/validate',
    summary: 'Check a new tag type: 200 {valid, tagType} when valid and free, 409 when taken',
    operationId: 'validateTagType',
    auth: 'admin',
    request: 'tagTypeBody',
    response: { status: 200, schema: 'validTagType' },
    errors: [400, 409, 413, 415],
    run: async (admin, { principal, json }) => ok(await admin.validateTagType(principal, { body: await json() })),
  },
  {
    method: 'GET',
    path: '/api/admin/tag-types/:name',
    summary: 'One tag type: {version, tagType}',
    operationId: 'getTagType',
    auth: 'admin',
    response: { status: 200, schema: 'tagTypeWithVersion' },
    errors: [404],
    cachedPerRevision: true,
    run: async (admin, { principal, params }) => ok(await admin.getTagType(principal, { name: params['name']! })),
  },
  {
    method: 'PUT',
    path: '/api/admin/tag-types/:name',
    summary: "Change a tag type's description, icon or colour (what the body leaves out is kept)",
    operationId: 'updateTagType',
    auth: 'admin',
    request: 'updateTagTypeBody',
    response: { status: 200 },
    errors: [400, 404, 413, 415],
    authorize: (principal) => requireTagAdmin(principal, 'UPDATE_TAG_TYPE'),
    async run(admin, { principal, params, json }) {
      await admin.updateTagType(principal, { name: params['name']!, body: await json() });
      return empty;
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/tag-types/:name',
    summary: 'Delete a tag type and its unused tags; refused (409) while a feature carries a tag of it',
    operationId: 'deleteTagType',
    auth: 'admin',
    response: { status: 200 },
    errors: [409],
    authorize: (principal) => requireTagAdmin(principal, 'DELETE_TAG_TYPE'),
    async run(admin, { principal, params }) {
      await admin.deleteTagType(principal, { name: params['name']! });
      return empty;
    },
  },
];
