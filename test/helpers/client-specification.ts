// Unleash's cross-SDK client specification (`@unleash/client-specification` 6.1.0), read for tests:
// every file `specifications/index.json` lists, with its state resolved (the delta-API files, 19 and 20,
// hold events instead of a state: they are applied in order into one, as the SDK does).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { EvaluationContext, EvaluationFeature, EvaluationSegment, EvaluationState } from '@flagadmin/evaluation';

const require = createRequire(import.meta.url);
const SPEC_DIR = join(dirname(require.resolve('@unleash/client-specification/package.json')), 'specifications');

export interface SpecCase {
  description: string;
  context?: EvaluationContext;
  toggleName: string;
}

export interface Spec {
  name: string;
  state: EvaluationState | { events: DeltaEvent[] };
  tests?: (SpecCase & { expectedResult: boolean })[];
  variantTests?: (SpecCase & { expectedResult: Record<string, unknown> })[];
}

type DeltaEvent =
  | { type: 'hydration'; features: EvaluationFeature[]; segments?: EvaluationSegment[] }
  | { type: 'feature-updated'; feature: EvaluationFeature }
  | { type: 'feature-removed'; featureName: string }
  | { type: 'segment-updated'; segment: EvaluationSegment }
  | { type: 'segment-removed'; segmentId: number };

/** The state a list of delta events leaves, applied in order (later ones replace by name or id). */
function applyDeltas(events: DeltaEvent[]): EvaluationState {
  const features = new Map<string, EvaluationFeature>();
  const segments = new Map<number, EvaluationSegment>();
  for (const event of events) {
    if (event.type === 'hydration') {
      features.clear();
      segments.clear();
      for (const f of event.features) features.set(f.name, f);
      for (const s of event.segments ?? []) segments.set(s.id, s);
    } else if (event.type === 'feature-updated') features.set(event.feature.name, event.feature);
    else if (event.type === 'feature-removed') features.delete(event.featureName);
    else if (event.type === 'segment-updated') segments.set(event.segment.id, event.segment);
    else if (event.type === 'segment-removed') segments.delete(event.segmentId);
    else throw new Error(`unknown delta event ${JSON.stringify(event)}`);
  }
  return { features: [...features.values()], segments: [...segments.values()] };
}

export interface SpecFile {
  /** `01-simple-examples.json` */
  file: string;
  spec: Spec;
  /** The state, delta events applied. */
  state: EvaluationState;
}

/** Every specification file, in the index's order. */
export function specificationFiles(): SpecFile[] {
  const files: string[] = JSON.parse(readFileSync(join(SPEC_DIR, 'index.json'), 'utf8'));
  return files.map((file) => {
    const spec: Spec = JSON.parse(readFileSync(join(SPEC_DIR, file), 'utf8'));
    return { file, spec, state: 'events' in spec.state ? applyDeltas(spec.state.events) : spec.state };
  });
}
