// Every screen and its hash path. New screens (strategies, change-request lists) are one line here.
import type { FunctionComponent } from 'preact';
import type { Params } from './router';
import { ApiTokensView } from './views/api-tokens';
import { ApplicationsView, ApplicationView } from './views/applications';
import { ChangeRequestView } from './views/change-request';
import { ContextFieldsView } from './views/context-fields';
import { CorsOriginsView } from './views/cors-origins';
import { EnvironmentsView } from './views/environments';
import { EventsView } from './views/events';
import { FeatureView } from './views/feature';
import { FeatureTypesView } from './views/feature-types';
import { IntegrationsView } from './views/integrations';
import { PlaygroundView } from './views/playground';
import { PersonalTokensView } from './views/personal-tokens';
import { ProfileView } from './views/profile';
import { ProjectView } from './views/project';
import { ProjectArchiveView } from './views/project-archive';
import { ProjectSettingsView } from './views/project-settings';
import { ProjectsView } from './views/projects';
import { SearchView } from './views/search';
import { SegmentsView } from './views/segments';
import { StrategiesView } from './views/strategies';
import { TagTypesView } from './views/tag-types';
import { UserPermissionsView } from './views/user-permissions';
import { UsersView } from './views/users';

export interface Screen {
  pattern: string;
  view: FunctionComponent<{ params: Params }>;
}

export const SCREENS: readonly Screen[] = [
  { pattern: '/', view: ProjectsView },
  { pattern: '/projects/:projectId', view: ProjectView },
  { pattern: '/projects/:projectId/features/:featureName', view: FeatureView },
  { pattern: '/projects/:projectId/change-requests/:id', view: ChangeRequestView },
  { pattern: '/events', view: EventsView },
  { pattern: '/api-tokens', view: ApiTokensView },
  { pattern: '/context-fields', view: ContextFieldsView },
  { pattern: '/projects/:projectId/settings', view: ProjectSettingsView },
  { pattern: '/environments', view: EnvironmentsView },
  { pattern: '/feature-types', view: FeatureTypesView },
  { pattern: '/segments', view: SegmentsView },
  { pattern: '/strategies', view: StrategiesView },
  { pattern: '/integrations', view: IntegrationsView },
  { pattern: '/search', view: SearchView },
  { pattern: '/tag-types', view: TagTypesView },
  { pattern: '/projects/:projectId/archive', view: ProjectArchiveView },
  { pattern: '/playground', view: PlaygroundView },
  { pattern: '/cors-origins', view: CorsOriginsView },
  { pattern: '/applications', view: ApplicationsView },
  { pattern: '/applications/:appName', view: ApplicationView },
  { pattern: '/users', view: UsersView },
  { pattern: '/users/:id/permissions', view: UserPermissionsView },
  { pattern: '/profile', view: ProfileView },
  { pattern: '/profile/tokens', view: PersonalTokensView },
];
