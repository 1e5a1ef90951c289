/**
 * Generated data sets for the benchmarks, written through the storage API (never HTTP) into a lowdb
 * data directory, so the data is exactly what flagadmin keeps: records built with core's helpers,
 * per-project aggregates kept with `updateStats`, events appended in time order.
 *
 * A generated set is cached under bench/.data/<name>-v<VERSION> (written under a temporary name and
 * renamed once complete) and reused; `copyDataSet` gives each run its own copy, since runs modify it.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  ApiKeyRecord,
  ChangeRequestRecord,
  ClientAppRecord,
  FeatureRecord,
  FeatureType,
  NewEvent,
  ProjectRecord,
  ProjectStatsRecord,
  Tag,
  WriteTx,
} from '@flagadmin/core';
// Internals of core, from source: the same builders the operations use.
import { hashSecret } from '../packages/core/src/base/auth';
import { apiTokenDocument } from '../packages/core/src/documents/api-token-document';
import { environmentIndex, featureDocument } from '../packages/core/src/documents/feature-document';
import { emptyStats, updateStats } from '../packages/core/src/documents/project-stats';
import { DEFAULT_ENVIRONMENTS, defaultProject } from '../packages/core/src/runtime/instance-defaults';
import { lowdbStorage } from '@flagadmin/storage-lowdb';
import { BENCH_DIR, dirSize, formatBytes, rng } from './util';

/** Bump when the generator changes, so cached sets from an older generator are not reused. */
export const DATASET_VERSION = 1;

export interface DataSetSpec {
  name: string;
  projects: number;
  features: number;
  events: number;
  clientApps: number;
}

export const DATA_SETS = {
  small: { name: 'small', projects: 3, features: 100, events: 1_000, clientApps: 12 },
  large: { name: 'large', projects: 100, features: 100_000, events: 1_000_000, clientApps: 1_000 },
  'large-quick': { name: 'large-quick', projects: 100, features: 10_000, events: 100_000, clientApps: 200 },
} as const satisfies Record<string, DataSetSpec>;

/** The admin secret stored (hashed) in every generated set. A local benchmark key, nothing else. */
export const BENCH_ADMIN_SECRET = `*:*.${'0123456789abcdef'.repeat(4)}`;

/** Events of the "quiet" project (the first one), in every set: the per-project event list stays bounded. */
export const QUIET_PROJECT_EVENTS = 100;
/** One event in this many carries full feature documents (data and preData); the rest small data. */
export const FULL_DOCUMENT_EVERY = 50;
/** Records or events per write transaction. */
const BATCH = 2_000;

/** What the benchmarks need to know about a generated set. */
export interface DataSetInfo {
  spec: DataSetSpec;
  version: number;
  /** The project whose events are listed (QUIET_PROJECT_EVENTS of them), whose feature is patched, etc. */
  project: string;
  projectEventCount: number;
  feature: string;
  changeRequestId: number;
  /** A project with many events (for information). */
  busyProject: string;
  generationSeconds: number;
  bytes: number;
}

const DAY = 86_400_000;

const TYPE_WEIGHTS: readonly [FeatureType, number][] = [
  ['release', 0.4],
  ['experiment', 0.2],
  ['operational', 0.15],
  ['kill-switch', 0.15],
  ['permission', 0.1],
];
const TAG_VALUES = ['frontend', 'backend', 'beta', 'payments', 'mobile', 'ops', 'growth'];
export const OUTDATED_SDKS = [
  'unleash-client-node:3.9.1',
  'unleash-client-java:8.0.0',
  'unleash-client-python:5.0.0',
  'unleash-client-go:3.2.0',
  'unleash-client-ruby:4.4.0',
];
export const CURRENT_SDKS = [
  'unleash-client-node:6.1.0',
  'unleash-node-sdk:6.6.1',
  'unleash-python-sdk:6.3.0',
  'unleash-java-sdk:11.1.0',
  'unleash-go-sdk:5.0.3',
];
const ACTORS = ['alice@example.com', 'bob@example.com', 'carol@example.com', 'deploy-bot'];

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const hex = (random: () => number, length: number): string => Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');

export function cachePath(spec: DataSetSpec): string {
  return join(BENCH_DIR, '.data', `${spec.name}-v${DATASET_VERSION}`);
}

const INFO_FILE = 'bench-dataset.json';

/** The cached set (generating it first when missing, or always with `regenerate`). */
export async function ensureDataSet(
  spec: DataSetSpec,
  options: { regenerate?: boolean } = {},
): Promise<{ dir: string; info: DataSetInfo }> {
  const dir = cachePath(spec);
  if (options.regenerate) rmSync(dir, { recursive: true, force: true });
  if (existsSync(join(dir, INFO_FILE))) {
    const info = JSON.parse(readFileSync(join(dir, INFO_FILE), 'utf8')) as DataSetInfo;
    process.stderr.write(
      `data set ${spec.name}: reusing ${dir} (${formatBytes(info.bytes)}, generated in ${info.generationSeconds.toFixed(1)} s)\n`,
    );
    return { dir, info };
  }
  mkdirSync(join(BENCH_DIR, '.data'), { recursive: true });
  const temp = `${dir}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  try {
    const started = performance.now();
    const partial = await generate(spec, temp);
    const generationSeconds = (performance.now() - started) / 1000;
    const info: DataSetInfo = { ...partial, generationSeconds, bytes: dirSize(temp) };
    writeFileSync(join(temp, INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
    renameSync(temp, dir);
    process.stderr.write(`data set ${spec.name}: generated in ${generationSeconds.toFixed(1)} s, ${formatBytes(info.bytes)} in ${dir}\n`);
    return { dir, info };
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

/** A private copy of a cached set for one run (runs PATCH it); the caller removes it. */
export async function copyDataSet(dir: string): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'flagadmin-bench-'));
  cpSync(dir, copy, { recursive: true, filter: (src) => !src.endsWith('/lock') });
  return copy;
}

function progress(spec: DataSetSpec, started: number): (what: string, done: number, total: number) => void {
  const tty = process.stderr.isTTY;
  let lastLine = 0;
  return (what, done, total) => {
    const elapsed = ((performance.now() - started) / 1000).toFixed(1);
    const line = `generating ${spec.name}: ${what} ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} (${elapsed} s)`;
    if (tty) {
      process.stderr.write(`\r${line}\x1b[K${done === total ? '\n' : ''}`);
    } else if (done === total || performance.now() - lastLine > 5_000) {
      lastLine = performance.now();
      process.stderr.write(`${line}\n`);
    }
  };
}

async function generate(spec: DataSetSpec, dir: string): Promise<Omit<DataSetInfo, 'generationSeconds' | 'bytes'>> {
  const random = rng(0xf1a6 + spec.features);
  const report = progress(spec, performance.now());
  const now = Date.now();
  const iso = (ms: number) => new Date(Math.min(ms, now)).toISOString();
  const envIndex = environmentIndex(DEFAULT_ENVIRONMENTS);
  const envNames = DEFAULT_ENVIRONMENTS.map((e) => e.name);
  const P = spec.projects;
  const digits = Math.max(3, String(P).length);

  // Projects: ids proj-001..; the first is the "quiet" one with a bounded number of events.
  const projectCreatedAt = now - 800 * DAY;
  const projects: ProjectRecord[] = Array.from({ length: P }, (_, i) => {
    const n = pad(i + 1, digits);
    const modes = ['open', 'open', 'open', 'protected', 'private'] as const;
    const owner = i % 7 !== 6;
    return {
      id: `proj-${n}`,
      name: `Project ${n}`,
      description: `Generated benchmark project ${n}`,
      mode: modes[i % modes.length]!,
      defaultStickiness: 'default',
      favorite: i % 5 === 0,
      members: [
        ...(owner ? [{ name: `Owner ${n}`, email: `owner${n}@example.com`, role: 'owner' as const }] : []),
        { name: `Member ${n}`, email: `member${n}@example.com`, role: 'member' as const },
      ],
      environments: envNames,
      createdAt: iso(projectCreatedAt + i * 60_000),
    };
  });
  const stats = new Map<string, ProjectStatsRecord>(projects.map((p) => [p.id, emptyStats(p.id)]));

  // Features: global index k lives in project k % P and is created at an increasing time over ~2 years.
  const featureStart = now - 730 * DAY;
  const featureSpan = 729 * DAY;
  const createdAtOf = (k: number) => featureStart + Math.floor((k / spec.features) * featureSpan) + Math.floor(random() * 3_600_000);
  const pickType = (): FeatureType => {
    let r = random();
    for (const [type, weight] of TYPE_WEIGHTS) if ((r -= weight) < 0) return type;
    return 'release';
  };
  const names: string[] = [];
  const makeFeature = (k: number): FeatureRecord => {
    const project = projects[k % P]!;
    const name = `${project.id}-feature-${pad(Math.floor(k / P), 6)}`;
    const created = createdAtOf(k);
    const type = k < P ? 'release' : pickType(); // every project has a release feature first (the one patched)
    const archived = k >= P && random() < 0.05;
    const stale = !archived && k >= P && random() < 0.1;
    const dev = !archived && random() < 0.4;
    const prod = dev && random() < 0.5;
    const archivedAt = archived ? iso(created + Math.floor(random() * 60) * DAY) : null;
    const productionAt = prod ? iso(created + (1 + Math.floor(random() * 30)) * DAY) : null;
    const tags: Tag[] = [];
    if (random() < 0.3) tags.push({ type: 'simple', value: TAG_VALUES[Math.floor(random() * TAG_VALUES.length)]! });
    if (random() < 0.1) tags.push({ type: 'team', value: `team-${k % 9}` });
    const lastSeen = dev ? iso(now - Math.floor(random() * 20) * DAY) : null;
    const strategy = (env: string) => ({
      id: `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-a${hex(random, 3)}-${hex(random, 12)}`,
      name: 'flexibleRollout',
      sortOrder: 0,
      segments: [],
      constraints:
        env === 'production' && k % 3 === 0
          ? [{ contextName: 'userId', operator: 'IN', values: ['1', '2', '3'], caseInsensitive: false, inverted: false }]
          : [],
      variants: [],
      parameters: { rollout: String(10 * (1 + (k % 10))), stickiness: 'default', groupId: name },
    });
    const enabled = (env: string) => (env === 'production' ? prod : dev);
    names.push(name);
    return {
      name,
      project: project.id,
      type,
      description: k % 4 === 0 ? null : `Benchmark feature ${k} of ${project.name}`,
      archived,
      archivedAt,
      stale,
      favorite: k % 17 === 0,
      impressionData: k % 11 === 0,
      createdAt: iso(created),
      lastSeenAt: lastSeen,
      lifecycle: archived
        ? { stage: 'archived', enteredStageAt: archivedAt! }
        : prod
          ? { stage: 'live', enteredStageAt: productionAt! }
          : dev
            ? { stage: 'pre-live', enteredStageAt: iso(created + DAY) }
            : { stage: 'initial', enteredStageAt: iso(created) },
      tags,
      variants: [],
      dependencies: [],
      children: [],
      environments: envNames.map((env) => ({
        name: env,
        enabled: enabled(env),
        strategies: enabled(env) ? [strategy(env)] : [],
        variants: [],
        lastSeenAt: enabled(env) ? lastSeen : null,
      })),
      version: 1 + Math.floor(random() * 6),
      productionAt: type === 'release' ? productionAt : null,
    };
  };

  const storage = await lowdbStorage({ dir });
  try {
    // 1. The instance: environments, the default project, the generated projects.
    await storage.write(async (tx) => {
      for (const env of DEFAULT_ENVIRONMENTS) await tx.put('environments', { ...env });
      await tx.put('projects', defaultProject(envNames, iso(projectCreatedAt - DAY)));
      await tx.put('projectStats', emptyStats('default'));
      for (const p of projects) await tx.put('projects', p);
    });

    // 2. Features, with their projects' aggregates kept right (stats are written at the end).
    const samples: FeatureRecord[] = []; // a few full records, the documents of the full-document events
    for (let k = 0; k < spec.features; k += BATCH) {
      const end = Math.min(spec.features, k + BATCH);
      await storage.write(async (tx) => {
        for (let i = k; i < end; i++) {
          const feature = makeFeature(i);
          updateStats(stats.get(feature.project)!, undefined, feature);
          if (i < 32) samples.push(feature);
          await tx.put('features', feature);
        }
      });
      report('features', end, spec.features);
    }

    // 3. Events, in time order: project-created, then feature events, then change requests and the key.
    const changeRequestEvents = 2 * P;
    const bodyEvents = spec.events - P - changeRequestEvents - 1;
    if (bodyEvents < 100) throw new Error(`${spec.name}: too few events for ${P} projects`);
    const quietBody = QUIET_PROJECT_EVENTS - 1 - 2; // its project-created and change-request events count too
    const eventStart = now - 365 * DAY;
    const eventSpan = 365 * DAY - 60_000;
    const events: NewEvent[] = [];
    let written = 0;
    const flush = async (force: boolean) => {
      if (events.length < BATCH && !(force && events.length)) return;
      const batch = events.splice(0, events.length);
      await storage.write(async (tx) => {
        for (const e of batch) await tx.appendEvent(e);
      });
      written += batch.length;
      report('events', written, spec.events);
    };
    const push = async (event: NewEvent) => {
      events.push(event);
      if (event.project !== null) stats.get(event.project)!.lastEventAt = event.createdAt;
      await flush(false);
    };
    const base = (createdAt: string, project: string | null, type: string, actor = ACTORS[0]!): NewEvent => ({
      createdAt,
      type,
      createdBy: actor,
      createdByUserId: null,
      environment: null,
      project,
      featureName: null,
      data: null,
      preData: null,
      tags: [],
    });

    for (const p of projects) {
      await push({
        ...base(p.createdAt, p.id, 'project-created'),
        data: { id: p.id, name: p.name, description: p.description, mode: p.mode },
      });
    }

    for (let i = 0; i < bodyEvents; i++) {
      const t = eventStart + Math.floor((i / bodyEvents) * eventSpan);
      // Exactly quietBody of the body events go to the quiet project, evenly spread; the rest at random.
      const quiet = Math.floor(((i + 1) * quietBody) / bodyEvents) > Math.floor((i * quietBody) / bodyEvents);
      const projectIndex = quiet ? 0 : 1 + Math.floor(random() * (P - 1));
      // A feature of that project created before t (features are created in index order).
      const createdBefore = Math.floor(((t - featureStart) / featureSpan) * spec.features);
      const perProject = Math.max(1, Math.floor((createdBefore - projectIndex) / P) + 1);
      const j = Math.min(Math.floor(random() * perProject), Math.floor((spec.features - 1 - projectIndex) / P));
      const k = projectIndex + j * P;
      const project = projects[projectIndex]!;
      const featureName = `${project.id}-feature-${pad(j, 6)}`;
      const actor = ACTORS[i % ACTORS.length]!;
      const e = { ...base(iso(t), project.id, 'feature-metadata-updated', actor), featureName };
      const r = random();
      if (i % FULL_DOCUMENT_EVERY === 0) {
        // The shape the service writes for a metadata change: full documents before and after.
        const sample = samples[i % samples.length]!;
        const before = featureDocument({ ...sample, name: featureName, project: project.id }, envIndex);
        const after = { ...before, description: `Changed at ${e.createdAt}` };
        e.data = after;
        e.preData = before;
        e.tags = sample.tags;
      } else if (r < 0.3) {
        e.type = 'feature-environment-enabled';
        e.environment = r < 0.2 ? 'development' : 'production';
        e.data = { enabled: true };
      } else if (r < 0.45) {
        e.type = 'feature-environment-disabled';
        e.environment = r < 0.4 ? 'development' : 'production';
        e.data = { enabled: false };
      } else if (r < 0.6) {
        e.data = { description: `Benchmark feature ${k}, revision ${i % 97}` };
      } else if (r < 0.7) {
        e.type = r < 0.67 ? 'feature-stale-on' : 'feature-stale-off';
        e.data = { stale: r < 0.67 };
      } else if (r < 0.85) {
        const tag = { type: 'simple', value: TAG_VALUES[i % TAG_VALUES.length]! };
        e.type = r < 0.8 ? 'feature-tagged' : 'feature-untagged';
        if (r < 0.8) e.data = tag;
        else e.preData = tag;
      } else if (r < 0.92) {
        e.type = 'feature-created';
        e.data = { name: featureName, project: project.id, type: 'release', enabled: false };
      } else if (r < 0.96) {
        e.type = r < 0.95 ? 'feature-favorited' : 'feature-unfavorited';
      } else {
        e.type = r < 0.99 ? 'feature-archived' : 'feature-revived';
        e.data = { archived: r < 0.99 };
      }
      await push(e);
    }

    // 4. A change request per project (Draft, production, one change), with its events.
    const adminImage = 'https://gravatar.com/avatar/00000000000000000000000000000000?s=42&d=retro&r=g';
    const tailStart = now - 60_000;
    let changeRequestOfQuiet = 0;
    await flush(true);
    await storage.write(async (tx) => {
      for (const [i, p] of projects.entries()) {
        const createdAt = iso(tailStart + i * 100);
        const id = await tx.nextSequence('changeRequest');
        const changeId = await tx.nextSequence('change');
        if (i === 0) changeRequestOfQuiet = id;
        const featureName = `${p.id}-feature-${pad(0, 6)}`;
        const payload = { enabled: true };
        const cr: ChangeRequestRecord = {
          id,
          title: `Change request #${id}`,
          environment: 'production',
          minApprovals: 1,
          project: p.id,
          features: [
            {
              name: featureName,
              changes: [
                {
                  id: changeId,
                  action: 'updateEnabled',
                  payload,
                  createdBy: { username: ACTORS[1]!, imageUrl: adminImage },
                  createdAt,
                  target: { kind: 'feature', version: 'false' },
                },
              ],
            },
          ],
          segments: [],
          approvals: [],
          rejections: [],
          comments: [
            { id: 1, text: 'Please review before the release.', createdBy: { username: ACTORS[2]!, imageUrl: adminImage }, createdAt },
          ],
          createdBy: { id: 1, username: ACTORS[1]!, imageUrl: adminImage },
          createdAt,
          state: 'Draft',
        };
        await tx.put('changeRequests', cr);
        for (const event of [
          {
            ...base(createdAt, p.id, 'change-request-created', ACTORS[1]),
            environment: 'production',
            data: { id, title: cr.title, environment: 'production', state: 'Draft' },
          },
          {
            ...base(createdAt, p.id, 'change-added', ACTORS[1]),
            environment: 'production',
            featureName,
            data: { changeRequestId: id, changeId, action: 'updateEnabled', payload },
          },
        ]) {
          await tx.appendEvent(event);
          stats.get(p.id)!.lastEventAt = createdAt;
        }
      }
    });
    written += changeRequestEvents;

    // 5. Client applications with registered SDK versions (some outdated) and the projects they use.
    const apps: ClientAppRecord[] = [];
    for (let a = 0; a < spec.clientApps; a++) {
      const used = new Set<string>([projects[a % P]!.id]);
      if (random() < 0.5) used.add(projects[Math.floor(random() * P)]!.id);
      if (random() < 0.2) used.add(projects[Math.floor(random() * P)]!.id);
      const instances = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, n) => ({
        instanceId: `app-${pad(a, 4)}-${n}-${hex(random, 6)}`,
        sdkVersion: random() < 0.3 ? OUTDATED_SDKS[(a + n) % OUTDATED_SDKS.length]! : CURRENT_SDKS[(a + n) % CURRENT_SDKS.length]!,
        environment: n % 2 === 0 ? 'production' : 'development',
        lastSeen: iso(now - Math.floor(random() * 7 * DAY)),
      }));
      apps.push({ appName: `app-${pad(a, 4)}`, instances, projects: [...used].sort() });
    }
    for (let a = 0; a < apps.length; a += BATCH) {
      const batch = apps.slice(a, a + BATCH);
      await storage.write(async (tx) => {
        for (const app of batch) await tx.put('clientApps', app);
      });
    }

    // 6. The admin key (with its instance event), then every project's aggregates.
    await storage.write(async (tx) => {
      const key: ApiKeyRecord = {
        id: await tx.nextSequence('apiKey'),
        name: 'bench-admin',
        type: 'admin',
        role: 'admin',
        projects: ['*'],
        environments: ['*'],
        secretHash: await hashSecret(BENCH_ADMIN_SECRET),
        createdAt: iso(now),
      };
      await tx.put('apiKeys', key);
      await tx.appendEvent({ ...base(iso(now), null, 'api-token-created', 'system'), data: apiTokenDocument(key) });
      await putStats(tx, stats);
    });
    written += 1;
    report('events', written, spec.events);
    if (written !== spec.events) throw new Error(`${spec.name}: wrote ${written} events, expected ${spec.events}`);

    return {
      spec,
      version: DATASET_VERSION,
      project: projects[0]!.id,
      projectEventCount: QUIET_PROJECT_EVENTS,
      feature: `${projects[0]!.id}-feature-${pad(0, 6)}`,
      changeRequestId: changeRequestOfQuiet,
      busyProject: projects[P - 1]!.id,
    };
  } finally {
    await storage.close();
  }
}

async function putStats(tx: WriteTx, stats: Map<string, ProjectStatsRecord>): Promise<void> {
  for (const s of stats.values()) await tx.put('projectStats', s);
}
