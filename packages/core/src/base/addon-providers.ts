/**
 * The integration providers built here, as `GET /api/admin/addons` lists them (Unleash 8.2.0's `providers`,
 * for the webhook, Slack and Microsoft Teams): each provider's parameters (which are required, which are
 * secret) and the event types it can be sent. Data only: delivery lives in `@flagadmin/integrations`.
 */

export interface AddonParameterDefinition {
  name: string;
  displayName: string;
  /** `url`, `text` or `textfield` (several lines). */
  type: 'url' | 'text' | 'textfield';
  description?: string;
  placeholder?: string;
  required: boolean;
  /** A secret: stored, sent to the receiver, never answered (answers show `*****`), logged or put in events. */
  sensitive: boolean;
}

export interface AddonProviderDefinition {
  name: string;
  displayName: string;
  documentationUrl: string;
  description: string;
  howTo?: string;
  parameters: readonly AddonParameterDefinition[];
  events: readonly string[];
}

/** What answers show in place of a secret parameter; sent back in an update, it keeps the stored value. */
export const MASKED_VALUE = '*****';

const FLAG_EVENTS = [
  'feature-created',
  'feature-updated',
  'feature-archived',
  'feature-revived',
  'feature-stale-on',
  'feature-stale-off',
  'feature-environment-enabled',
  'feature-environment-disabled',
  'feature-strategy-remove',
  'feature-strategy-update',
  'feature-strategy-add',
  'feature-metadata-updated',
  'feature-variants-updated',
  'feature-project-change',
] as const;
const RELEASE_PLAN_EVENTS = ['release-plan-progressions-paused', 'release-plan-progressions-resumed'] as const;
const CHANGE_REQUEST_EVENTS = [
  'change-request-created',
  'change-request-discarded',
  'change-added',
  'change-discarded',
  'change-request-approved',
  'change-request-approval-added',
  'change-request-cancelled',
  'change-request-sent-to-review',
  'change-request-applied',
  'change-request-scheduled',
  'change-request-scheduled-application-success',
  'change-request-scheduled-application-failure',
  'change-request-schedule-suspended',
] as const;

const customHeaders: AddonParameterDefinition = {
  name: 'customHeaders',
  displayName: 'Extra HTTP Headers',
  placeholder: '{\n"X-Api-Key": "secret",\n"X-Other-Header": "value"\n}',
  description: '(Optional) More headers sent with each request: a JSON object whose keys and values are strings.',
  type: 'textfield',
  required: false,
  sensitive: true,
};

const webhook: AddonProviderDefinition = {
  name: 'webhook',
  displayName: 'Webhook',
  description: 'A webhook posts each chosen event to a URL of a third-party service.',
  documentationUrl: 'https://docs.getunleash.io/integrate/webhook',
  howTo: 'Give the URL to post to; the events, projects and environments that are sent; optionally a body template and headers.',
  parameters: [
    {
      name: 'url',
      displayName: 'Webhook URL',
      description: '(Required) Each event is posted to this URL, retried with backoff until it is taken or the retry time is over.',
      type: 'url',
      required: true,
      sensitive: true,
    },
    {
      name: 'contentType',
      displayName: 'Content-Type',
      placeholder: 'application/json',
      description: '(Optional) The Content-Type header of the requests; application/json when left blank.',
      type: 'text',
      required: false,
      sensitive: false,
    },
    {
      name: 'authorization',
      displayName: 'Authorization',
      placeholder: '',
      description: '(Optional) The Authorization header of the requests; none when left blank.',
      type: 'text',
      required: false,
      sensitive: true,
    },
    customHeaders,
    {
      name: 'bodyTemplate',
      displayName: 'Body template',
      placeholder:
        '{\n  "event": "{{event.type}}",\n  "createdBy": "{{event.createdBy}}",\n  "featureToggle": "{{event.data.name}}",\n  "json": {{{eventJson}}}\n}',
      description:
        '(Optional) The body, with {{event.…}} variables replaced (HTML-escaped; {{{…}}} unescaped) and {{{eventJson}}} for the whole event. The event as JSON when left blank.',
      type: 'textfield',
      required: false,
      sensitive: false,
    },
    {
      name: 'signingSecret',
      displayName: 'Signing secret',
      description:
        '(Optional) Each request then carries X-Flagadmin-Signature: sha256=<hex HMAC-SHA256 of the body with this secret>, for the receiver to check.',
      type: 'text',
      required: false,
      sensitive: true,
    },
  ],
  events: [
    ...FLAG_EVENTS.slice(0, 6),
    'feature-completed',
    ...FLAG_EVENTS.slice(6),
    'feature-tagged',
    'feature-untagged',
    ...CHANGE_REQUEST_EVENTS,
    'feature-potentially-stale-on',
    ...RELEASE_PLAN_EVENTS,
  ],
};

const slack: AddonProviderDefinition = {
  name: 'slack',
  displayName: 'Slack',
  description: 'Posts a message to a Slack channel for each chosen flag event, through an incoming webhook.',
  documentationUrl: 'https://docs.getunleash.io/integrate/slack',
  howTo: 'Create an incoming webhook in Slack and give its URL and the channel to post to.',
  parameters: [
    {
      name: 'url',
      displayName: 'Slack webhook URL',
      description: '(Required) The incoming webhook URL.',
      type: 'url',
      required: true,
      sensitive: true,
    },
    {
      name: 'username',
      displayName: 'Username',
      placeholder: 'Unleash',
      description: 'The name the messages are posted under.',
      type: 'text',
      required: false,
      sensitive: false,
    },
    {
      name: 'emojiIcon',
      displayName: 'Emoji Icon',
      placeholder: ':unleash:',
      description: 'The emoji shown beside the messages.',
      type: 'text',
      required: false,
      sensitive: false,
    },
    {
      name: 'defaultChannel',
      displayName: 'Default channel',
      description: '(Required) The channel to post to.',
      type: 'text',
      required: true,
      sensitive: false,
    },
    customHeaders,
  ],
  events: [...FLAG_EVENTS, 'feature-potentially-stale-on', ...RELEASE_PLAN_EVENTS],
};

const teams: AddonProviderDefinition = {
  name: 'teams',
  displayName: 'Microsoft Teams',
  description: 'Posts a message to a Microsoft Teams channel for each chosen flag event, through an incoming webhook.',
  documentationUrl: 'https://docs.getunleash.io/integrate/teams',
  howTo: 'Create an incoming webhook connector in Teams and give its URL.',
  parameters: [
    {
      name: 'url',
      displayName: 'Microsoft Teams webhook URL',
      description: '(Required) The incoming webhook URL.',
      type: 'url',
      required: true,
      sensitive: true,
    },
    customHeaders,
  ],
  events: [
    ...FLAG_EVENTS,
    'feature-potentially-stale-on',
    ...CHANGE_REQUEST_EVENTS,
    'change-edited',
    'change-request-rejected',
    ...RELEASE_PLAN_EVENTS,
  ],
};

export const ADDON_PROVIDERS: readonly AddonProviderDefinition[] = [webhook, slack, teams];

/** The provider of that name, or undefined (looked up in a list: no user text reaches an object key). */
export const addonProvider = (name: string): AddonProviderDefinition | undefined => ADDON_PROVIDERS.find((p) => p.name === name);

/** Whether a parameter is secret (masked in answers, sealed at rest): the provider says; of an unknown provider, every one. */
export const isSecretParameter = (provider: string, name: string): boolean =>
  addonProvider(provider)?.parameters.some((p) => p.name === name && p.sensitive) ?? true;

/** The settings record where `@flagadmin/integrations` keeps an integration's delivery state. */
export const integrationStateName = (addonId: number): string => `integration-delivery:${addonId}`;

/** One delivery outcome (Unleash's integration event). */
export interface IntegrationEventRecord {
  id: string;
  integrationId: number;
  createdAt: string;
  state: 'success' | 'failed' | 'successWithErrors';
  stateDetails: string;
  event: unknown;
  details: Record<string, unknown>;
}

/** An integration's delivery state: the last event id handled and the latest outcomes, newest first. */
export interface IntegrationState {
  lastEventId: number;
  integrationEvents: IntegrationEventRecord[];
}
