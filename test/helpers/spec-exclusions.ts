// The client specification's cases no Unleash-shaped admin API can express, with the reason, and how
// each reason is proven for one written state: a write the case's flag (or a parent) needs was refused,
// or its variant weights do not sum to 1000 (an admin API shares 1000). Every other case is judged, and
// must have had every write of its flag and of its parents accepted.
import type { EvaluationState } from '@flagadmin/evaluation';
import type { SpecCase } from './client-specification';
import { flagAndParents, weightsOff, type Written } from './spec-through-admin';

export type ExclusionKind = 'refused' | 'weights';
export interface Exclusion {
  kind: ExclusionKind;
  reason: string;
}
const refused = (reason: string): Exclusion => ({ kind: 'refused', reason });
const NOT_URL_SAFE = refused('the flag name is not URL-safe: no admin API can create it (Unleash 8.2.0 refuses it too)');
const UNKNOWN_OPERATOR = refused('the constraint operator does not exist: every admin API refuses it, so the strategy cannot be written');
const BAD_SEMVER = refused('"v2.0.0" is no strict semantic version: the admin API refuses it (Unleash 8.2.0 too)');
const BAD_REGEX = refused(
  'the pattern does not compile in RE2 (lookaround and backreferences neither): the admin API refuses it (Unleash 8.2.0 too)',
);
const INVERTED_REGEX = refused(
  'an inverted REGEX constraint: the admin API refuses it, as Unleash 8.2.0 answers "REGEX operator cannot be inverted"',
);
const MISSING_SEGMENT = refused('the strategy refers to a segment id that does not exist: the admin API refuses the reference');
const CYCLE = refused('the flags depend on each other: the admin API allows one level of dependencies (as Unleash), so no cycle');
const TRANSITIVE = refused('the parent has a parent itself: the admin API allows one level of dependencies (as Unleash)');
const MISSING_PARENT = refused('the parent flag does not exist: the admin API refuses a dependency on an unknown flag');
const WEIGHTS: Exclusion = {
  kind: 'weights',
  reason:
    'the variant weights do not sum to 1000: an admin API shares 1000 among them (as Unleash), and the SDK picks by the stored weights',
};

/** Cases no admin API can express, by `file: description`, with the reason (proven by `verdictOf`). */
export const NOT_WRITABLE = new Map<string, Exclusion>(
  (
    [
      ['08-variants.json', 'Feature.Variants.C should return variant1', WEIGHTS],
      ['08-variants.json', 'Feature.Variants.C should return variant2', WEIGHTS],
      ['08-variants.json', 'Feature.Variants.C should return variant3', WEIGHTS],
      ['08-variants.json', 'Feature.Variants.D should return variant1', WEIGHTS],
      ['08-variants.json', 'Feature.Variants.D should return variant2', WEIGHTS],
      ['08-variants.json', 'Feature.Variants.override.D should return variant2 for user 388', WEIGHTS],
      ['12-custom-stickiness.json', 'Feature.flexible.rollout.custom.stickiness_100 and customField=503 yields red', WEIGHTS],
      ['12-custom-stickiness.json', 'Feature.flexible.rollout.custom.stickiness_100 and customField=438 yields green', WEIGHTS],
      ['12-custom-stickiness.json', 'Feature.flexible.rollout.custom.stickiness_100 and customField=44 yields yellow', WEIGHTS],
      ['13-constraint-operators.json', 'F7.invalid-operator should always return false', UNKNOWN_OPERATOR],
      ['14-constraint-semver-operators.json', 'F8.invalidSemverWithLeadingV - invalid semver resolves to false', BAD_SEMVER],
      ['14-constraint-semver-operators.json', 'F8.invalidSemverWithLeadingV - broken semver resolves to false', BAD_SEMVER],
      ['15-global-constraints.json', 'F9.withMissingSegment should force evaluation to false', MISSING_SEGMENT],
      ['15-global-constraints.json', 'F9.globalSegmentOn and customField=616 yields green', WEIGHTS],
      [
        '16-strategy-variants.json',
        'Feature.strategy.variants.stickiness should inherit stickiness from the strategy - first variant',
        WEIGHTS,
      ],
      [
        '16-strategy-variants.json',
        'Feature.strategy.variants.stickiness should inherit stickiness from the strategy - second variant',
        WEIGHTS,
      ],
      ['17-dependent-features.json', 'Child is disabled if the specified parent does not exist.', MISSING_PARENT],
      ['17-dependent-features.json', 'Child yields a disabled variant in the absence of a specified parent.', MISSING_PARENT],
      ['17-dependent-features.json', "Child is disabled if there's a cyclic dependency with the parent.", CYCLE],
      ['17-dependent-features.json', 'Child yields a disabled variant due to a cyclic dependency with the parent.', CYCLE],
      ['17-dependent-features.json', 'Child is disabled if a transitive dependency exists.', TRANSITIVE],
      ['17-dependent-features.json', 'Child yields a disabled variant because of a transitive dependency.', TRANSITIVE],
      ['18-utf8-flag-names.json', 'Feature.UTF-8.Hellø_Wørld feature toggle should be enabled', NOT_URL_SAFE],
      ['18-utf8-flag-names.json', 'Feature.UTF-8.😊_φriend_你好_🌍 feature toggle should be enabled', NOT_URL_SAFE],
      ['21-regex-constraint-operators.json', 'Invalid regex should result in toggle being disabled', BAD_REGEX],
      ['21-regex-constraint-operators.json', 'Inverted constraint should enable when regex does not match', INVERTED_REGEX],
      ['21-regex-constraint-operators.json', 'Inverted constraint should disable when regex matches', INVERTED_REGEX],
      [
        '21-regex-constraint-operators.json',
        'R90 lookahead should be rejected upstream; if it leaks through, it must not enable',
        BAD_REGEX,
      ],
      [
        '21-regex-constraint-operators.json',
        'R91 backreference should be rejected upstream; if it leaks through, it must not enable',
        BAD_REGEX,
      ],
    ] as const
  ).map(([file, description, exclusion]) => [`${file}: ${description}`, exclusion]),
);

/** What to do with one case of a written state. */
export type Verdict =
  /** Not writable: skip it; `problem` when the reason does not hold for this state. */
  | { kind: 'excluded'; exclusion: Exclusion; problem?: string }
  /** A write of its flag or a parent was refused although the case is not excluded: a failure. */
  | { kind: 'refused'; problem: string }
  /** Judge it. */
  | { kind: 'judge' };

export function verdictOf(file: string, c: SpecCase, state: EvaluationState, written: Written): Verdict {
  const flags = flagAndParents(state, c.toggleName);
  const refusedFlags = flags.filter((f) => written.incomplete.has(f.name)).map((f) => f.name);
  const exclusion = NOT_WRITABLE.get(`${file}: ${c.description}`);
  if (exclusion) {
    const proven = exclusion.kind === 'refused' ? refusedFlags.length > 0 : flags.some(weightsOff);
    return proven
      ? { kind: 'excluded', exclusion }
      : {
          kind: 'excluded',
          exclusion,
          problem: `${c.description}: excluded (${exclusion.kind}), but no write was refused and the weights sum to 1000`,
        };
  }
  if (refusedFlags.length) return { kind: 'refused', problem: `${c.description}: a write of ${refusedFlags.join(', ')} was refused` };
  return { kind: 'judge' };
}

/** The refused writes of a state, one line each (for a failure's message). */
export const refusalLines = (written: Written): string =>
  [...written.refused].map(([what, r]) => `${what}: ${r.status} ${r.message.slice(0, 160)}`).join(' | ') || 'none';
