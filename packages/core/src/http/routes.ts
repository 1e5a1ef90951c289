/** The route table: every route the handler serves, public ones first. */
import { ADMIN_ROUTES } from './admin-routes';
import { API_TOKEN_ROUTES } from './api-token-routes';
import { CHANGE_REQUEST_ROUTES } from './change-request-routes';
import { CLIENT_ROUTES } from './client-routes';
import { CLIENT_DELIVERY_ROUTES } from './client-delivery-routes';
import { CONTEXT_FIELD_ROUTES } from './context-field-routes';
import { ENVIRONMENT_ROUTES } from './environment-routes';
import { ADDON_ROUTES } from './addon-routes';
import { USER_ROUTES } from './user-routes';
import { AUTH_ROUTES } from './auth-routes';
import { FLAG_CONFIG_ROUTES } from './flag-config-routes';
import { FRONTEND_ROUTES } from './frontend-routes';
import { OFREP_ROUTES } from './ofrep-routes';
import { PLAYGROUND_ROUTES } from './playground-routes';
import { ARCHIVE_ROUTES } from './archive-routes';
import { FEATURE_LIFECYCLE_ROUTES } from './feature-lifecycle-routes';
import { HEALTH_ROUTE, openApiRoute, READY_ROUTE } from './public-routes';
import type { Route } from './route';
import { TAG_ROUTES } from './tag-routes';
import { EXPORT_IMPORT_ROUTES } from './export-import-routes';
import { SEARCH_ROUTES } from './search-routes';
import { STRATEGY_DEFINITION_ROUTES } from './strategy-definition-routes';
import { USAGE_ROUTES } from './usage-routes';

export const ALL_ROUTES: readonly Route[] = [
  HEALTH_ROUTE,
  READY_ROUTE,
  openApiRoute(() => ALL_ROUTES),
  ...ADMIN_ROUTES,
  ...API_TOKEN_ROUTES,
  ...CLIENT_ROUTES,
  ...CLIENT_DELIVERY_ROUTES,
  ...FLAG_CONFIG_ROUTES,
  ...FRONTEND_ROUTES,
  ...OFREP_ROUTES,
  ...PLAYGROUND_ROUTES,
  ...FEATURE_LIFECYCLE_ROUTES,
  ...ARCHIVE_ROUTES,
  ...CHANGE_REQUEST_ROUTES,
  ...TAG_ROUTES,
  ...EXPORT_IMPORT_ROUTES,
  ...SEARCH_ROUTES,
  ...CONTEXT_FIELD_ROUTES,
  ...STRATEGY_DEFINITION_ROUTES,
  ...ENVIRONMENT_ROUTES,
  ...ADDON_ROUTES,
  ...USER_ROUTES,
  ...AUTH_ROUTES,
  ...USAGE_ROUTES,
];
