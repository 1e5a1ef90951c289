/** Server-sent event frames as the Unleash SDKs read them: an event with its revision as the `id`, and a heartbeat comment. */
import type { DeltaAnswer } from './delta-feed';

const encoder = new TextEncoder();

/** A comment line: keeps an idle stream open (the SDK reconnects after 60 s of silence). */
export const HEARTBEAT = encoder.encode(': heartbeat\n\n');

/** One event: `unleash-connected` (a hydration) or `unleash-updated` (the changes), its revision as the id. */
export const sseEvent = (event: string, answer: DeltaAnswer): Uint8Array =>
  encoder.encode(`id: ${answer.eventId}\nevent: ${event}\ndata: ${answer.json}\n\n`);
