import { useState } from 'preact/hooks';
import { deleteStrategy, orderStrategies, saveStrategy, type EnvironmentRef } from '../config-writes';
import { strategyKind } from '../flag-config';
import type { Segment, Strategy } from '../types';
import type { Commit } from '../use-feature-editing';
import { describeConstraint } from './constraints-editor';
import { StrategyForm } from './strategy-form';
import { VariantBar } from './variant-bar';

interface Props {
  target: EnvironmentRef;
  strategies: Strategy[];
  segments: Segment[];
  busy: boolean;
  commit: Commit;
}

/** What a strategy is called on screen: its title, else its kind. */
const strategyName = (s: Strategy): string => s.title || strategyKind(s.name)?.label || s.name;

/** One strategy in words: its kind, rollout, stickiness, user ids, constraints and segments. */
export function StrategySummary({ strategy, segments }: { strategy: Strategy; segments: Segment[] }) {
  const p = strategy.parameters ?? {};
  const rollout = p['rollout'] ?? p['percentage'];
  const names = (strategy.segments ?? []).map((id) => segments.find((s) => s.id === id)?.name ?? `#${id}`);
  const facts = [
    rollout !== undefined ? `${rollout} % rollout` : null,
    p['stickiness'] ? `stickiness ${p['stickiness']}` : null,
    p['userIds'] ?? p['IPs'] ?? p['hostNames'] ?? null,
    strategy.disabled ? 'paused' : null,
  ].filter((f): f is string => f !== null);
  return (
    <div>
      <strong>{strategyName(strategy)}</strong>
      {facts.length ? <span class="small"> · {facts.join(' · ')}</span> : null}
      {strategy.constraints?.length ? (
        <ul class="small constraint-list" aria-label="Constraints">
          {strategy.constraints.map((c, i) => (
            <li key={i}>
              <code>{describeConstraint(c)}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {names.length ? <p class="small segment-names">Segments: {names.join(', ')}</p> : null}
      {strategy.variants?.length ? <VariantBar variants={strategy.variants} /> : null}
    </div>
  );
}

/** The strategies of one environment: each with Edit and Delete (asked twice), and Add strategy. */
export function StrategyList({ target, strategies, segments, busy, commit }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const where = target.environment;
  /** Swaps the strategy at `i` with the one at `j` (the strategies stored have ids). */
  const move = (i: number, j: number) => {
    const ids = strategies.map((s) => s.id!);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    void commit('Strategy order', (ifMatch) => orderStrategies(target, ids, ifMatch));
  };
  const form = (strategy: Strategy | undefined, key: string) => (
    <StrategyForm
      idPrefix={`s-${where}-${key}`}
      label={strategy ? `Edit strategy ${strategyName(strategy)} in ${where}` : `New strategy in ${where}`}
      featureName={target.featureName}
      strategy={strategy}
      segments={segments}
      busy={busy}
      onSubmit={(body) => commit('Strategy', (ifMatch) => saveStrategy(target, strategy?.id, body, ifMatch))}
      onCancel={() => setEditing(null)}
    />
  );
  return (
    <div class="strategies">
      {strategies.length === 0 ? <p class="muted small">No strategies: when on, on for everyone.</p> : null}
      <ol class="plain-list">
        {strategies.map((s, i) => {
          const key = s.id ?? String(i);
          const name = strategyName(s);
          return (
            <li key={key} class="strategy" data-strategy={s.name} data-strategy-id={s.id}>
              {editing === key ? (
                form(s, key)
              ) : (
                <>
                  <StrategySummary strategy={s} segments={segments} />
                  <div class="form-row">
                    <button type="button" disabled={busy} onClick={() => setEditing(key)} aria-label={`Edit strategy ${name} in ${where}`}>
                      Edit
                    </button>
                    {i > 0 ? (
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => move(i, i - 1)}
                        aria-label={`Move strategy ${name} up in ${where}`}
                      >
                        Up
                      </button>
                    ) : null}
                    {i < strategies.length - 1 ? (
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => move(i, i + 1)}
                        aria-label={`Move strategy ${name} down in ${where}`}
                      >
                        Down
                      </button>
                    ) : null}
                    {deleting === key ? (
                      <>
                        <button
                          type="button"
                          class="danger"
                          disabled={busy}
                          onClick={() =>
                            void commit('Strategy removal', (ifMatch) => deleteStrategy(target, s.id!, ifMatch)).then(() =>
                              setDeleting(null),
                            )
                          }
                        >
                          Really delete {name}
                        </button>
                        <button type="button" onClick={() => setDeleting(null)}>
                          Keep it
                        </button>
                      </>
                    ) : (
                      <button
                        type="button"
                        disabled={busy || !s.id}
                        onClick={() => setDeleting(key)}
                        aria-label={`Delete strategy ${name} in ${where}`}
                      >
                        Delete
                      </button>
                    )}
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ol>
      {editing === 'new' ? (
        form(undefined, 'new')
      ) : (
        <button type="button" disabled={busy} onClick={() => setEditing('new')} aria-label={`Add strategy in ${where}`}>
          Add strategy
        </button>
      )}
    </div>
  );
}
