// Every screen and its hash path. New screens (strategies, change-request lists) are one line here.
import type { FunctionComponent } from 'preact';
import type { Params } from './router';
import { ApiTokensView } from './views/api-tokens';
import { ChangeRequestView } from './views/change-request';
import { ContextFieldsView } from './views/context-fields';
import { EventsView } from './views/events';
import { FeatureView } from './views/feature';
import { ProjectView } from './views/project';
import { ProjectsView } from './views/projects';

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
];
