/** The operations of Unleash's import and export (`features-batch`), for `createAdmin` to bind. */
import { exportFeatures } from '../operations/export-features';
import { importToggles } from '../operations/import-toggles';
import { validateImport } from '../operations/validate-import';

export const EXPORT_IMPORT_OPERATIONS = { exportFeatures, validateImport, importToggles } as const;
