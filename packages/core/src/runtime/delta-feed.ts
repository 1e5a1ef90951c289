/**
 * The client features of one scope (a key's projects and environment, a project list, a name prefix)
 * as Unleash's delta format reads them (`unleash-client` 6.12, `/api/client/delta` and the stream):
 * the state at the last change seen, and the changes of the last revisions, each a list of
 * `feature-updated`, `feature-removed`, `segment-updated`, `segment-removed` events. A revision id is
 * the id of the last event stored when the state was read (events are written with every change, in
 * every process alike), and the scope's revision moves only when what it serves changes.
 */
import type { ClientFeaturesResponse } from '../documents/client-feature';

/** The answer to "what changed since revision N": an Unleash `{events: [...]}` body as JSON text, at `eventId`. */
export interface DeltaAnswer {
  eventId: number;
  /** `{"events":[...]}` */
  json: string;
  /** A hydration (the whole state) rather than the changes since the asked revision. */
  hydration: boolean;
}

interface Revision {
  from: number;
  to: number;
  /** Each event as JSON text, with what it is about (`f:<name>` or `s:<id>`), in the order they apply. */
  events: { about: string; json: string }[];
}

interface FeatureEntry {
  json: string;
  project: string;
}

export class DeltaFeed {
  /** The scope's revision: the event id at which what it serves last changed (-1: never read). */
  eventId = -1;
  /** The last event id the state was read at (it moves with changes elsewhere too). */
  checkedAt = -1;
  private features = new Map<string, FeatureEntry>();
  private segments = new Map<number, string>();
  private readonly history: Revision[] = [];
  /** Answers at the current revision, by the asked revision (`-1`: a hydration). */
  private answers = new Map<number, DeltaAnswer>();

  /** @param depth how many revisions are kept to answer with changes (older ones get a hydration). */
  constructor(readonly depth: number) {}

  /** Takes the state read at `eventId`; returns whether what the scope serves changed. */
  advance(eventId: number, body: ClientFeaturesResponse): boolean {
    this.checkedAt = eventId;
    const features = new Map<string, FeatureEntry>();
    for (const f of body.features) features.set(f.name, { json: JSON.stringify(f), project: f.project });
    const segments = new Map<number, string>();
    for (const s of body.segments ?? []) segments.set(s.id, JSON.stringify(s));
    if (this.eventId === -1) {
      this.take(eventId, features, segments);
      return true;
    }
    const events: Revision['events'] = [];
    const at = `{"eventId":${eventId},"type":`;
    for (const [id, json] of segments) {
      if (this.segments.get(id) !== json) events.push({ about: `s:${id}`, json: `${at}"segment-updated","segment":${json}}` });
    }
    for (const [name, entry] of features) {
      if (this.features.get(name)?.json !== entry.json)
        events.push({ about: `f:${name}`, json: `${at}"feature-updated","feature":${entry.json}}` });
    }
    for (const [name, entry] of this.features) {
      if (!features.has(name)) {
        const removed = `"featureName":${JSON.stringify(name)},"project":${JSON.stringify(entry.project)}}`;
        events.push({ about: `f:${name}`, json: `${at}"feature-removed",${removed}` });
      }
    }
    for (const id of this.segments.keys()) {
      if (!segments.has(id)) events.push({ about: `s:${id}`, json: `${at}"segment-removed","segmentId":${id}}` });
    }
    if (events.length === 0) return false;
    this.history.push({ from: this.eventId, to: eventId, events });
    if (this.history.length > this.depth) this.history.shift();
    this.take(eventId, features, segments);
    return true;
  }

  /**
   * What a client at revision `from` needs: nothing (undefined) when it is current; the changes since,
   * when `from` is one of the kept revisions; else a hydration. Answers are built once per revision.
   */
  since(from: number | undefined): DeltaAnswer | undefined {
    if (from === this.eventId) return undefined;
    const start = from === undefined ? -1 : this.history.findIndex((r) => r.from === from);
    const key = start === -1 ? -1 : from!;
    let answer = this.answers.get(key);
    if (!answer) {
      answer = start === -1 ? this.hydration() : this.changes(start);
      this.answers.set(key, answer);
    }
    return answer;
  }

  /** Whether a client at revision `from` can still be answered with changes (not a hydration). */
  knows(from: number): boolean {
    return from === this.eventId || this.history.some((r) => r.from === from);
  }

  private take(eventId: number, features: Map<string, FeatureEntry>, segments: Map<number, string>): void {
    this.eventId = eventId;
    this.features = features;
    this.segments = segments;
    this.answers = new Map();
  }

  private hydration(): DeltaAnswer {
    const features = [...this.features.values()].map((f) => f.json).join(',');
    const segments = [...this.segments.values()].join(',');
    const json = `{"events":[{"eventId":${this.eventId},"type":"hydration","features":[${features}],"segments":[${segments}]}]}`;
    return { eventId: this.eventId, json, hydration: true };
  }

  /** The revisions from `start` on, each thing's last event only (in the order of those last events). */
  private changes(start: number): DeltaAnswer {
    const last = new Map<string, string>();
    for (let i = start; i < this.history.length; i++) {
      for (const event of this.history[i]!.events) {
        last.delete(event.about);
        last.set(event.about, event.json);
      }
    }
    return { eventId: this.eventId, json: `{"events":[${[...last.values()].join(',')}]}`, hydration: false };
  }
}
