/** The OpenAPI tags: each route's group, by its path, and the tags' descriptions (Unleash's groups where it has them). */

export const TAGS = [
  { name: 'Features', description: 'Feature flags of a project: create, read, patch, and turn on or off per environment.' },
  {
    name: 'Strategies',
    description:
      'Activation strategies: their definitions (the built-ins and custom ones, with their parameters), and those of a feature in an environment, with their constraints and segments.',
  },
  { name: 'Variants', description: 'Variants of a feature in an environment.' },
  { name: 'Dependencies', description: 'Dependencies of a feature on parent features of the same project.' },
  { name: 'Segments', description: 'Reusable sets of constraints that strategies refer to.' },
  {
    name: 'Context',
    description: 'Context fields: what constraints and stickiness may name, with legal values; the instance’s and a project’s.',
  },
  { name: 'Projects', description: 'Projects with their computed figures, and the SDK versions their applications use.' },
  { name: 'Environments', description: 'The instance’s environments: order, on and off, create, change, delete; a project’s use of them.' },
  { name: 'Feature Types', description: 'The feature types and their lifetimes, after which a flag is potentially stale.' },
  { name: 'Change requests', description: 'Changes proposed for review before they apply.' },
  {
    name: 'Import/Export',
    description: 'Features of an environment exported in Unleash’s format, validated and imported in one transaction.',
  },
  { name: 'Events', description: 'The audit log: one event per fact that changed.' },
  { name: 'Tags', description: 'Tags of features, the instance’s tag list and tag types (with their colours).' },
  { name: 'Search', description: 'Features and events found by filters, across projects, with paging.' },
  { name: 'Addons', description: 'Integrations: events sent to webhooks, Slack and Microsoft Teams, and their latest deliveries.' },
  {
    name: 'API tokens',
    description: 'Keys: admin keys for this API, client keys for SDKs. Secrets are shown once, at creation. The calling key itself.',
  },
  { name: 'Users', description: 'People and their root roles (Admin, Editor, Viewer), passwords, and who is signed in.' },
  { name: 'Personal access tokens', description: 'Tokens a signed-in person makes to call the API as themselves; shown once.' },
  { name: 'Auth', description: 'Sign-in with a password, and sign-out: the session cookie.' },
  { name: 'Metrics', description: 'What SDKs reported: usage of each flag per hour, and the applications with their SDKs and instances.' },
  { name: 'Client API', description: 'What Unleash SDKs call with client keys: features, registration, usage metrics.' },
  { name: 'Unleash Edge', description: 'What Unleash Edge calls in front of SDKs: which keys are valid, usage metrics in bulk.' },
  { name: 'Frontend API', description: 'What browser and mobile SDKs call with frontend keys: the flags on for a context, usage metrics.' },
  { name: 'OFREP', description: "OpenFeature's Remote Evaluation Protocol: flags evaluated for a context, with any key." },
  { name: 'Playground', description: 'Which flags are on for a context, and why, strategy by strategy, per environment.' },
  { name: 'Admin UI', description: "The instance's UI configuration and the frontend API's CORS origins." },
  { name: 'Operational', description: 'Liveness, readiness and this document; no key needed.' },
] as const;

export type TagName = (typeof TAGS)[number]['name'];

/** First match wins: the more specific path parts come first. */
const RULES: readonly (readonly [RegExp, TagName])[] = [
  [/^\/(health|ready|docs)\b/, 'Operational'],
  [/^\/api\/frontend\b/, 'Frontend API'],
  [/^\/ofrep\//, 'OFREP'],
  [/^\/api\/admin\/playground\b/, 'Playground'],
  [/^\/api\/admin\/ui-config\b/, 'Admin UI'],
  [/^\/edge\/|^\/api\/client\/metrics\/bulk$/, 'Unleash Edge'],
  [/^\/api\/client\//, 'Client API'],
  [/^\/api\/admin\/(user-admin\b|user\/change-password$)/, 'Users'],
  [/^\/api\/admin\/user\/tokens\b/, 'Personal access tokens'],
  [/^\/(auth|logout)\b/, 'Auth'],
  [/^\/api\/admin\/(api-tokens|user)\b/, 'API tokens'],
  [/^\/api\/admin\/(events|event-creators)\b/, 'Events'],
  [/^\/api\/admin\/search\b/, 'Search'],
  [/^\/api\/admin\/addons\b/, 'Addons'],
  [/^\/api\/admin\/(metrics|client-metrics)\//, 'Metrics'],
  [/^\/api\/admin\/features-batch\//, 'Import/Export'],
  [/^\/api\/admin\/(tags|tag-types)\b|\/tags$/, 'Tags'],
  [/^\/api\/admin\/segments\b/, 'Segments'],
  [/^\/api\/admin\/environments\b/, 'Environments'],
  [/^\/api\/admin\/feature-types\b/, 'Feature Types'],
  [/\/change-requests\b/, 'Change requests'],
  [/\/dependencies\b/, 'Dependencies'],
  [/\/strategies\b/, 'Strategies'],
  [/\/variants\b/, 'Variants'],
  [/\/features\b/, 'Features'],
  [/^\/api\/admin\/(archive|lifecycle|constraints)\//, 'Features'],
  [/\/context\b/, 'Context'],
  [/^\/api\/admin\/projects\b/, 'Projects'],
];

/** The tag of a route path; a path no rule knows is a programming error, caught by the OpenAPI tests. */
export function tagOf(path: string): TagName {
  const rule = RULES.find(([pattern]) => pattern.test(path));
  if (!rule) throw new Error(`No OpenAPI tag for ${path}`);
  return rule[1];
}
