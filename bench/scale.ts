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
] as const;
export type OperationId = (typeof OPERATIONS)[number];

export interface LatencyOptions {
  warmup: number;
  calls: number;
}

function operation(admin: Admin, info: DataSetInfo, op: OperationId): (i: number) => Promise<unknown> {
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
    for (const op of OPERATIONS) {
      const call = operation(admin, info, op);
      // PATCH: alternate values from the last stored one so each call commits (and writes its event).
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
    for (const route of routesFor(info)) {
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
      process.stderr.write(
        `bin ${info.spec.name}: ${route.label} ${result.requestsPerSecond.toFixed(0)} req/s, RSS ${(rssOf(bin.child.pid!) / 2 ** 20).toFixed(1)} MiB\n`,
      );
    }
    const rssAfterLoadBytes = rssOf(bin.child.pid!);
    return { startMs: bin.startMs, rssIdleBytes, rssAfterLoadBytes, loadSeconds: options.seconds * routesFor(info).length };
  } finally {
    const code = await bin.stop();
    if (code !== 0) process.stderr.write(`bin ${info.spec.name} exited with ${code}:\n${bin.output().slice(-2000)}\n`);
  }
}
