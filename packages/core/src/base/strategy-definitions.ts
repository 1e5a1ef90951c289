/**
 * The strategy definitions every instance has, as Unleash 8.2.0 lists them (its texts, its parameter
 * definitions, its order), and the parameter types a custom definition may use. They are not stored:
 * a built-in's record exists only once it is deprecated, to keep that.
 */
import type { StrategyParameterDefinition } from './vocabulary-records';

export const STRATEGY_PARAMETER_TYPES = ['string', 'percentage', 'list', 'number', 'boolean'] as const;
export type StrategyParameterType = (typeof STRATEGY_PARAMETER_TYPES)[number];

export interface BuiltInStrategyDefinition {
  name: string;
  displayName: string;
  description: string;
  parameters: readonly StrategyParameterDefinition[];
}

const parameter = (name: string, type: StrategyParameterType, required: boolean, description = ''): StrategyParameterDefinition => ({
  name,
  type,
  description,
  required,
});

export const BUILT_IN_STRATEGY_DEFINITIONS: readonly BuiltInStrategyDefinition[] = [
  {
    name: 'flexibleRollout',
    displayName: 'Gradual rollout',
    description: 'Roll out to a percentage of your userbase, and ensure that the experience is the same for the user on each visit.',
    parameters: [
      parameter('rollout', 'percentage', false),
      parameter('stickiness', 'string', true, 'Used define stickiness. Possible values: default, userId, sessionId, random'),
      parameter('groupId', 'string', true, 'Used to define a activation groups, which allows you to correlate across feature toggles.'),
    ],
  },
  {
    name: 'default',
    displayName: 'Standard',
    description: 'This strategy turns on / off for your entire userbase. Prefer using "Gradual rollout" strategy (100%=on, 0%=off).',
    parameters: [],
  },
  {
    name: 'remoteAddress',
    displayName: 'IPs',
    description: 'Enable the feature for a specific set of IP addresses.',
    parameters: [parameter('IPs', 'list', true, 'List of IPs to enable the feature toggle for.')],
  },
  {
    name: 'applicationHostname',
    displayName: 'Hosts',
    description: 'Enable the feature for a specific set of hostnames.',
    parameters: [parameter('hostNames', 'list', false, 'List of hostnames to enable the feature toggle for.')],
  },
];

export const builtInDefinition = (name: string): BuiltInStrategyDefinition | undefined =>
  BUILT_IN_STRATEGY_DEFINITIONS.find((d) => d.name === name);
