/** The environment and feature-type operations, for `createAdmin` to bind (each takes the context and principal first). */
import { addEnvironmentToProject } from '../operations/add-environment-to-project';
import { createEnvironment } from '../operations/create-environment';
import { deleteEnvironment } from '../operations/delete-environment';
import { getAllEnvironments } from '../operations/get-all-environments';
import { getEnvironment } from '../operations/get-environment';
import { getFeatureTypes } from '../operations/get-feature-types';
import { getProjectEnvironments } from '../operations/get-project-environments';
import { removeEnvironmentFromProject } from '../operations/remove-environment-from-project';
import { setEnvironmentEnabled } from '../operations/set-environment-enabled';
import { updateEnvironment } from '../operations/update-environment';
import { updateEnvironmentSortOrder } from '../operations/update-environment-sort-order';
import { updateFeatureTypeLifetime } from '../operations/update-feature-type-lifetime';
import { updateProjectDefaultStrategy } from '../operations/update-project-default-strategy';

export const ENVIRONMENT_OPERATIONS = {
  getAllEnvironments,
  getEnvironment,
  getProjectEnvironments,
  updateEnvironmentSortOrder,
  setEnvironmentEnabled,
  createEnvironment,
  updateEnvironment,
  deleteEnvironment,
  addEnvironmentToProject,
  removeEnvironmentFromProject,
  updateProjectDefaultStrategy,
  getFeatureTypes,
  updateFeatureTypeLifetime,
} as const;
