/** The demo data set: its projects, flags and SDK applications (`seedDemo` in demo.ts writes it). */
import type { FeatureType } from '@flagadmin/core';

export interface DemoFeature {
  name: string;
  type: FeatureType;
  description: string;
  tags?: { type: string; value: string }[];
  impressionData?: boolean;
  /** Environments switched on after creation (a patch each, so events exist). */
  enable?: ('development' | 'production')[];
  stale?: boolean;
  favorite?: boolean;
  archived?: boolean;
}

export interface DemoProject {
  id: string;
  name: string;
  description: string;
  mode?: 'open' | 'protected' | 'private';
  members: { name: string; email?: string; role: 'owner' | 'member' }[];
  features: DemoFeature[];
}

export const PROJECTS: DemoProject[] = [
  {
    id: 'checkout',
    name: 'Checkout',
    description: 'Cart, payment and order confirmation',
    members: [
      { name: 'Ada Lovelace', email: 'ada@example.com', role: 'owner' },
      { name: 'Grace Hopper', email: 'grace@example.com', role: 'member' },
      { name: 'Linus Torvalds', role: 'member' },
    ],
    features: [
      {
        name: 'new-checkout-flow',
        type: 'release',
        description: 'The redesigned three-step checkout',
        tags: [
          { type: 'simple', value: 'checkout' },
          { type: 'simple', value: 'q3-launch' },
        ],
        enable: ['development', 'production'],
      },
      {
        name: 'one-click-pay',
        type: 'experiment',
        description: 'Pay with the stored card in one click',
        impressionData: true,
        enable: ['development'],
      },
      {
        name: 'payment-provider-kill-switch',
        type: 'kill-switch',
        description: 'Turn off the external payment provider',
        enable: ['production'],
      },
      { name: 'legacy-cart', type: 'release', description: 'The old cart, kept for rollback', stale: true, enable: ['production'] },
      { name: 'holiday-banner-2023', type: 'release', description: 'Seasonal banner of last year', archived: true },
    ],
  },
  {
    id: 'search',
    name: 'Search & Discovery',
    description: 'Search, ranking and recommendations',
    mode: 'protected',
    members: [
      { name: 'Margaret Hamilton', email: 'margaret@example.com', role: 'owner' },
      { name: 'Alan Turing', email: 'alan@example.com', role: 'member' },
    ],
    features: [
      {
        name: 'semantic-search',
        type: 'experiment',
        description: 'Vector search next to keyword search',
        tags: [{ type: 'simple', value: 'ml' }],
        impressionData: true,
        enable: ['development'],
        favorite: true,
      },
      {
        name: 'search-cache-ttl',
        type: 'operational',
        description: 'Longer cache lifetime for search results',
        enable: ['development', 'production'],
      },
      { name: 'beta-filters', type: 'permission', description: 'Advanced filters for beta testers', enable: ['production'] },
      { name: 'old-ranking', type: 'experiment', description: 'The ranking experiment that lost', stale: true, archived: true },
    ],
  },
  {
    id: 'platform',
    name: 'Platform',
    description: 'Shared infrastructure switches',
    mode: 'private',
    members: [
      { name: 'Ken Thompson', email: 'ken@example.com', role: 'owner' },
      { name: 'Barbara Liskov', email: 'barbara@example.com', role: 'owner' },
      { name: 'Dennis Ritchie', role: 'member' },
    ],
    features: [
      { name: 'maintenance-mode', type: 'kill-switch', description: 'Show the maintenance page everywhere' },
      { name: 'admin-console-access', type: 'permission', description: 'The internal admin console', enable: ['production'] },
      { name: 'db-connection-pool-v2', type: 'operational', description: 'The new connection pool', stale: true, enable: ['development'] },
      { name: 'rate-limiter-v1', type: 'release', description: 'Replaced by the gateway rate limiter', archived: true },
    ],
  },
  {
    id: 'mobile',
    name: 'Mobile apps',
    description: 'iOS and Android; no owner yet',
    members: [{ name: 'Hedy Lamarr', role: 'member' }],
    features: [
      { name: 'dark-mode', type: 'release', description: 'Dark theme', tags: [{ type: 'simple', value: 'ui' }], enable: ['development'] },
    ],
  },
];

export interface DemoApp {
  appName: string;
  environment: 'development' | 'production';
  instances: { instanceId: string; sdkVersion: string }[];
  /** Usage counts per feature reported by each instance. */
  toggles: Record<string, { yes: number; no: number }>;
}

/** SDK applications with current and outdated SDK versions (see BEHAVIOUR §7 for the minimums). */
export const APPS: DemoApp[] = [
  {
    appName: 'checkout-web',
    environment: 'production',
    instances: [
      { instanceId: 'checkout-web-1', sdkVersion: 'unleash-client-node:3.9.1' },
      { instanceId: 'checkout-web-2', sdkVersion: 'unleash-client-node:6.1.0' },
    ],
    toggles: {
      'new-checkout-flow': { yes: 812, no: 188 },
      'payment-provider-kill-switch': { yes: 0, no: 1000 },
      'legacy-cart': { yes: 3, no: 997 },
    },
  },
  {
    appName: 'checkout-api',
    environment: 'production',
    instances: [{ instanceId: 'checkout-api-1', sdkVersion: 'unleash-client-java:8.0.0' }],
    toggles: { 'new-checkout-flow': { yes: 420, no: 80 }, 'one-click-pay': { yes: 12, no: 488 } },
  },
  {
    appName: 'search-service',
    environment: 'development',
    instances: [{ instanceId: 'search-service-1', sdkVersion: 'unleash-python-sdk:6.3.0' }],
    toggles: { 'semantic-search': { yes: 150, no: 50 }, 'search-cache-ttl': { yes: 200, no: 0 } },
  },
  {
    appName: 'search-indexer',
    environment: 'development',
    instances: [{ instanceId: 'search-indexer-1', sdkVersion: 'unleash-client-python:5.0.0' }],
    toggles: { 'search-cache-ttl': { yes: 40, no: 0 } },
  },
  {
    appName: 'platform-gateway',
    environment: 'production',
    instances: [{ instanceId: 'gateway-1', sdkVersion: 'unleash-node-sdk:6.6.1' }],
    toggles: { 'maintenance-mode': { yes: 0, no: 5000 }, 'admin-console-access': { yes: 17, no: 230 } },
  },
];

/**
 * Fills an empty instance with demo data, only through the admin operations (so every event, stat and
 * index is what real use would produce): projects with members and owners, features of every type with
 * tags, stale and archived ones, environments switched on by patches, change requests, and SDK
 * applications registered and reporting metrics with client keys. Returns a new admin key, unless
 * `adminKey: false`: then it makes none and acts as the system.
 */
