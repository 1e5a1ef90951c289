/**
 * @flagadmin/integrations: delivers flagadmin's events to the integrations configured through
 * `/api/admin/addons` (webhook, Slack, Microsoft Teams), from the storage's committed event log.
 */
export { DELIVERY_DEFAULTS, EVENT_PAGE, startIntegrations } from './delivery';
export type { Integrations, IntegrationsOptions } from './delivery';
export type { RetryOptions } from './attempts';
export { IDEMPOTENCY_HEADER, SIGNATURE_HEADER, buildRequest } from './request';
export { renderTemplate } from './template';
export type { DeliveredEvent, OutgoingRequest } from './types';
