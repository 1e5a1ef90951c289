/**
 * Scale figures: p50 latency of each operation in process (lowdb storage + core's createAdmin, durable
 * writes), and the built bin's start time and memory, per data set.
 */
import { SYSTEM_PRINCIPAL, createAdmin, type Admin } from '@flagadmin/core';
import { lowdbStorage } from '@flagadmin/storage-lowdb';
import type { DataSetInfo } from './dataset';
import { routesFor, requestHeaders, runLoad } from './http';
import { median, onCleanup, rssOf, sleep, startBuiltBin } from './util';

export const OPERATIONS = [
  'listProjects',
  'listEvents',
  'listProjectEvents',
  'getChangeRequest',
  'listOutdatedSdks',
  'patchFeature',
  'searchFeatures',
  'searchFeaturesKept',
  'getFeatureEvents',
  'archiveRevive',
] as const;
export type OperationId = (typeof OPERATIONS)[number];

export interface LatencyOptions {
  warmup: number;
  calls: number;
}

/** Features of the busy project (many events), by index; as the data set names them. */
const busyFeature = (info: DataSetInfo, i: number) =>
  `${info.busyProject}-feature-${String(i % Math.floor(info.spec.features / info.spec.projects)).padStart(6, '0')}`;

/** A live feature of the quiet project other than the patched one: archived and revived by `archiveRevive`. */
async function featureToArchive(admin: Admin, info: DataSetInfo): Promise<string> {
  const query = new URLSearchParams({ project: `IS:${info.project}`, sortBy: 'name', limit: '2' });
  const { features } = await admin.searchFeatures(SYSTEM_PRINCIPAL, { query });
  const name = features.map((f) => f.name).find((n) => n !== info.feature);
  if (!name) throw new Error(`scale ${info.spec.name}: no live feature to archive in ${info.project}`);
  return name;
}

function operation(admin: Admin, info: DataSetInfo, op: OperationId, archived: string): (i: number) => Promise<unknown> {
  const principal = SYSTEM_PRINCIPAL;
  switch (op) {
    case 'listProjects':
      return () => admin.listProjects(principal);
    case 'listEvents':
      return () => admin.listEvents(principal, {});
    case 'listProjectEvents':
      return () => admin.listEvents(principal, { project: info.project });
    case 'getChangeRequest':
      return () => admin.getChangeRequest(principal, { projectId: info.project, id: info.changeRequestId });
    case 'listOutdatedSdks':
      return () => admin.listOutdatedSdks(principal, { projectId: info.project });
    case 'patchFeature':
      return (i) =>
        admin.patchFeature(principal, {
          projectId: info.project,
          featureName: info.feature,
          patch: [{ op: 'replace', path: '/description', value: i % 2 ? 'bench description A' : 'bench description B' }],
        });
    case 'searchFeatures':
      // A page not asked before on every call: computed from the search index, not the answer kept per revision.
      return (i) => admin.searchFeatures(principal, { query: new URLSearchParams({ offset: String(i), limit: '50' }) });
    case 'searchFeaturesKept':
      return () => admin.searchFeatures(principal, { query: new URLSearchParams({ offset: '0', limit: '50' }) });
    case 'getFeatureEvents':
      // Features of the busy project in turn (read through the storage's index by feature), each computed once per revision.
      return (i) => admin.getFeatureEventsJson(principal, { featureName: busyFeature(info, i) });
    case 'archiveRevive':
      return (i) =>
        i % 2 === 0
          ? admin.archiveFeature(principal, { projectId: info.project, featureName: archived })
          : admin.reviveFeature(principal, { featureName: archived });
  }
}

/** p50 (and p99) in milliseconds of each operation, called one at a time, after a warm-up. */
export async function latencies(
  dir: string,
  info: DataSetInfo,
  options: LatencyOptions,
): Promise<Record<OperationId, { p50Ms: number; p99Ms: number; calls: number }>> {
  const opened = performance.now();
  const storage = await lowdbStorage({ dir });
  const unregister = onCleanup(`storage ${dir}`, () => storage.close());
  const openMs = performance.now() - opened;
  process.stderr.write(`scale ${info.spec.name}: storage opened in process in ${openMs.toFixed(0)} ms\n`);
  try {
    const admin = createAdmin({ storage });
    await admin.context.ready();
    const out = {} as Record<OperationId, { p50Ms: number; p99Ms: number; calls: number }>;
    const archived = await featureToArchive(admin, info);
    for (const op of OPERATIONS) {
      const call = operation(admin, info, op, archived);
      // PATCH: alternate values from the last stored one so each call commits (and writes its event);
      // archiveRevive: archive on even calls, revive on odd ones (the warm-up counts are even).
      let i = 0;
      for (let w = 0; w < options.warmup; w++) await call(i++);
      const times: number[] = [];
      for (let n = 0; n < options.calls; n++) {
        const t = performance.now();
        await call(i++);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      out[op] = { p50Ms: median(times), p99Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!, calls: times.length };
      process.stderr.write(`scale ${info.spec.name}: ${op} p50 ${out[op].p50Ms.toFixed(3)} ms over ${times.length} calls\n`);
    }
    return out;
  } finally {
    unregister();
    await storage.close();
  }
}

export interface BinFigures {
  startMs: number;
  rssIdleBytes: number;
  rssAfterLoadBytes: number;
  loadSeconds: number;
  /** Each route's req/s under the short load, by route id (the routes one after another, in this bin). */
  routeRps: Record<string, number>;
}

/**
 * Starts the built bin on a data set, measures start-to-listening and idle RSS, loads it briefly on
 * every route (GETs and PATCH, `seconds` each), and measures RSS after the load.
 */
export async function binFigures(dir: string, info: DataSetInfo, options: { seconds: number; connections: number }): Promise<BinFigures> {
  const bin = await startBuiltBin(dir);
  try {
    await sleep(1_000);
    const rssIdleBytes = rssOf(bin.child.pid!);
    process.stderr.write(
      `bin ${info.spec.name}: listening after ${bin.startMs.toFixed(0)} ms, idle RSS ${(rssIdleBytes / 2 ** 20).toFixed(1)} MiB\n`,
    );
    const routeRps: Record<string, number> = {};
    for (const route of routesFor(info)) {
      // A route that needs data or a key of its own (the frontend API's project and frontend key) writes it first.
      await route.setup?.(bin.url);
      const result = await runLoad({
        url: bin.url + route.path,
        method: route.method,
        headers: requestHeaders(route),
        patchDescription: route.method === 'PATCH',
        connections: options.connections,
        durationSeconds: options.seconds,
        warmupSeconds: 0,
      });
      if (result.non2xx || result.errors || result.requests === 0) {
        throw new Error(
          `bin ${info.spec.name} ${route.label}: ${result.requests} requests, ${result.non2xx} non-2xx, ${result.errors} errors`,
        );
      }
      routeRps[route.id] = result.requestsPerSecond;
      process.stderr.write(
        `bin ${info.spec.name}: ${route.label} ${result.requestsPerSecond.toFixed(0)} req/s, RSS ${(rssOf(bin.child.pid!) / 2 ** 20).toFixed(1)} MiB\n`,
      );
    }
    const rssAfterLoadBytes = rssOf(bin.child.pid!);
    return { startMs: bin.startMs, rssIdleBytes, rssAfterLoadBytes, loadSeconds: options.seconds * routesFor(info).length, routeRps };
  } finally {
    const code = await bin.stop();
    if (code !== 0) process.stderr.write(`bin ${info.spec.name} exited with ${code}:\n${bin.output().slice(-2000)}\n`);
  }
}
