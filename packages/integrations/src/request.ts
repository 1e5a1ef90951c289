/** The HTTP request an integration sends for an event: the webhook's own, or a chat message (Slack, Teams). */
import { createHmac } from 'node:crypto';
import { eventText } from './messages';
import { renderTemplate } from './template';
import type { Addon, DeliveredEvent, OutgoingRequest } from './types';

/** The header carrying the HMAC-SHA256 of the body with the webhook's `signingSecret`: `sha256=<hex>`. */
export const SIGNATURE_HEADER = 'x-flagadmin-signature';
/** The same for every attempt to send one event to one integration, so a receiver can drop repeats. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const param = (addon: Addon, name: string): string | undefined => {
  const value = Object.hasOwn(addon.parameters, name) ? addon.parameters[name] : undefined;
  return value === undefined || value === null || value === '' ? undefined : String(value);
};

/** The `customHeaders` parameter's pairs (core checked it when stored; anything else is left out). */
function customHeaders(addon: Addon): [string, string][] {
  try {
    const parsed: unknown = JSON.parse(param(addon, 'customHeaders') ?? '{}');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    return Object.entries(parsed).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
  } catch {
    return [];
  }
}

function webhookBody(addon: Addon, event: DeliveredEvent): string {
  const template = param(addon, 'bodyTemplate');
  if (template === undefined) return JSON.stringify(event);
  return renderTemplate(template, { event, eventJson: JSON.stringify(event), eventMarkdown: eventText(event) });
}

function chatBody(addon: Addon, event: DeliveredEvent): string {
  const text = eventText(event);
  if (addon.provider === 'slack') {
    const channel = param(addon, 'defaultChannel');
    return JSON.stringify({
      username: param(addon, 'username') ?? 'Unleash',
      icon_emoji: param(addon, 'emojiIcon') ?? ':unleash:',
      ...(channel ? { channel: channel.startsWith('#') ? channel : `#${channel}` } : {}),
      text,
    });
  }
  return JSON.stringify({ '@type': 'MessageCard', '@context': 'https://schema.org/extensions', summary: text, text });
}

export function buildRequest(addon: Addon, event: DeliveredEvent): OutgoingRequest {
  const webhook = addon.provider === 'webhook';
  const body = webhook ? webhookBody(addon, event) : chatBody(addon, event);
  const headers: Record<string, string> = Object.create(null);
  headers['content-type'] = (webhook ? param(addon, 'contentType') : undefined) ?? 'application/json';
  const authorization = webhook ? param(addon, 'authorization') : undefined;
  if (authorization) headers['authorization'] = authorization;
  for (const [name, value] of customHeaders(addon)) headers[name.toLowerCase()] = value;
  headers[IDEMPOTENCY_HEADER] = `flagadmin-${addon.id}-${event.id}`;
  const secret = webhook ? param(addon, 'signingSecret') : undefined;
  if (secret) headers[SIGNATURE_HEADER] = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return { url: String(addon.parameters['url']), headers: { ...headers }, body };
}

/** core's test-send event (`testAddon`): sent to the integration it names alone, whatever its filters, even disabled. */
export const TEST_EVENT = 'addon-test-requested';

/** Whether the integration is sent this event: its type chosen, its project and environment in the filters (empty: all). */
export function wants(addon: Addon, event: DeliveredEvent): boolean {
  if (event.type === TEST_EVENT) return (event.data as { id?: unknown } | null)?.id === addon.id;
  if (!addon.enabled || !addon.events.includes(event.type)) return false;
  if (addon.projects.length > 0 && !addon.projects.includes('*') && (event.project === null || !addon.projects.includes(event.project)))
    return false;
  if (
    addon.environments.length > 0 &&
    !addon.environments.includes('*') &&
    event.environment !== null &&
    !addon.environments.includes(event.environment)
  )
    return false;
  return true;
}
