/** The text a chat integration (Slack, Microsoft Teams) posts for an event: who did what to which flag, where. */
import type { DeliveredEvent } from './types';

const ACTIONS: ReadonlyMap<string, string> = new Map([
  ['feature-created', 'created'],
  ['feature-updated', 'updated'],
  ['feature-metadata-updated', 'updated the metadata of'],
  ['feature-archived', 'archived'],
  ['feature-revived', 'revived'],
  ['feature-completed', 'marked as completed'],
  ['feature-stale-on', 'marked as stale'],
  ['feature-stale-off', 'marked as not stale'],
  ['feature-potentially-stale-on', 'found potentially stale'],
  ['feature-environment-enabled', 'enabled'],
  ['feature-environment-disabled', 'disabled'],
  ['feature-strategy-add', 'added a strategy to'],
  ['feature-strategy-update', 'updated a strategy of'],
  ['feature-strategy-remove', 'removed a strategy from'],
  ['feature-variants-updated', 'updated the variants of'],
  ['feature-project-change', 'moved'],
  ['feature-tagged', 'tagged'],
  ['feature-untagged', 'untagged'],
]);

export function eventText(event: DeliveredEvent): string {
  const who = event.createdBy || 'someone';
  if (event.type === 'addon-test-requested') return `${who} sent a test message from flagadmin: this integration works`;
  const action = ACTIONS.get(event.type);
  const where = [
    event.project ? `in project *${event.project}*` : '',
    event.environment ? `in environment *${event.environment}*` : '',
  ].filter((s) => s !== '');
  if (action && event.featureName) return [`${who} ${action} feature flag *${event.featureName}*`, ...where].join(' ');
  return [`${who}: ${event.type}${event.featureName ? ` of *${event.featureName}*` : ''}`, ...where].join(' ');
}
