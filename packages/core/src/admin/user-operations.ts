/** People: users and roles, sign-in and sessions, personal access tokens (see the core README's People section). */
import { changeUserPassword } from '../operations/change-user-password';
import { changeMyPassword } from '../operations/change-my-password';
import { createPat } from '../operations/create-pat';
import { createUser } from '../operations/create-user';
import { deletePat } from '../operations/delete-pat';
import { deleteUser } from '../operations/delete-user';
import { findOrCreateSsoUser } from '../operations/find-or-create-sso-user';
import { getPats } from '../operations/get-pats';
import { getUser } from '../operations/get-user';
import { getUsers } from '../operations/get-users';
import { login } from '../operations/login';
import { logout } from '../operations/logout';
import { openSession } from '../operations/open-session';
import { searchUsers } from '../operations/search-users';
import { updateUser } from '../operations/update-user';
import { validateUserPassword } from '../operations/validate-user-password';
import { getProfile } from '../operations/get-profile';
import { getAdminCount } from '../operations/get-admin-count';
import { getBaseUsersAndGroups } from '../operations/get-base-users-and-groups';
import { resetUserPassword } from '../operations/reset-user-password';
import { validateResetToken } from '../operations/validate-reset-token';
import { changePasswordByToken } from '../operations/change-password-by-token';
import { getUserPermissions } from '../operations/get-user-permissions';

export const USER_OPERATIONS = {
  getUsers,
  getUser,
  createUser,
  updateUser,
  deleteUser,
  changeUserPassword,
  changeMyPassword,
  validateUserPassword,
  searchUsers,
  login,
  logout,
  openSession,
  findOrCreateSsoUser,
  getPats,
  createPat,
  deletePat,
  getProfile,
  getAdminCount,
  getBaseUsersAndGroups,
  resetUserPassword,
  validateResetToken,
  changePasswordByToken,
  getUserPermissions,
} as const;
