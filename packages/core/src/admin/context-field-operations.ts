/** The context field operations, for `createAdmin` to bind (each takes the context and principal first). */
import { createContextField } from '../operations/create-context-field';
import { deleteContextField } from '../operations/delete-context-field';
import { deleteContextFieldLegalValue } from '../operations/delete-context-field-legal-value';
import { getContextField } from '../operations/get-context-field';
import { getContextFields } from '../operations/get-context-fields';
import { getStrategiesByContextField } from '../operations/get-strategies-by-context-field';
import { updateContextField } from '../operations/update-context-field';
import { updateContextFieldLegalValue } from '../operations/update-context-field-legal-value';
import { validateContextFieldName } from '../operations/validate-context-field-name';

export const CONTEXT_FIELD_OPERATIONS = {
  getContextFields,
  getContextField,
  createContextField,
  updateContextField,
  deleteContextField,
  updateContextFieldLegalValue,
  deleteContextFieldLegalValue,
  validateContextFieldName,
  getStrategiesByContextField,
} as const;
