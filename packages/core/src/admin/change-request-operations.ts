/** The change-request operations, for `createAdmin` to bind (each takes the context and principal first). */
import { addChangeRequestChanges } from '../operations/add-change-request-changes';
import { addChangeRequestComment } from '../operations/add-change-request-comment';
import { applyDueChangeRequests } from '../operations/apply-due-change-requests';
import { deleteChangeRequest } from '../operations/delete-change-request';
import { deleteChangeRequestChange } from '../operations/delete-change-request-change';
import { getChangeRequest } from '../operations/get-change-request';
import { getChangeRequestConfig } from '../operations/get-change-request-config';
import { listChangeRequests } from '../operations/list-change-requests';
import { updateChangeRequestChange } from '../operations/update-change-request-change';
import { updateChangeRequestConfig } from '../operations/update-change-request-config';
import { updateChangeRequestState } from '../operations/update-change-request-state';
import { updateChangeRequestTitle } from '../operations/update-change-request-title';

export const CHANGE_REQUEST_OPERATIONS = {
  getChangeRequestConfig,
  updateChangeRequestConfig,
  addChangeRequestChanges,
  listChangeRequests,
  getChangeRequest,
  deleteChangeRequest,
  updateChangeRequestState,
  updateChangeRequestChange,
  deleteChangeRequestChange,
  addChangeRequestComment,
  updateChangeRequestTitle,
  applyDueChangeRequests,
} as const;
