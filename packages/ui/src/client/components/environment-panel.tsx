import type { ComponentChildren } from 'preact';
import type { EnvironmentRef } from '../config-writes';
import type { FeatureEnvironment, Segment } from '../types';
import type { Commit } from '../use-feature-editing';
import { StrategyList } from './strategy-list';
import { VariantsEditor } from './variants-editor';

interface Props {
  target: EnvironmentRef;
  environment: FeatureEnvironment;
  segments: Segment[];
  busy: boolean;
  commit: Commit;
  /** The environment's switch. */
  children: ComponentChildren;
}

/** One environment of a flag: its switch, its strategies and its variants, each editable. */
export function EnvironmentPanel({ target, environment, segments, busy, commit, children }: Props) {
  const name = environment.name;
  return (
    <article class="env-panel" aria-labelledby={`env-${name}`} data-environment={name}>
      <header class="env-head">
        <h3 id={`env-${name}`}>{name}</h3>
        {children}
      </header>
      <h4 id={`strategies-${name}`}>Strategies</h4>
      <StrategyList target={target} strategies={environment.strategies ?? []} segments={segments} busy={busy} commit={commit} />
      <h4 id={`variants-${name}`}>Variants</h4>
      <VariantsEditor
        key={JSON.stringify(environment.variants ?? [])}
        target={target}
        variants={environment.variants ?? []}
        busy={busy}
        commit={commit}
      />
    </article>
  );
}
