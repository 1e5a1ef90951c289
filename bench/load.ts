/**
 * One autocannon run, in its own process so the load generator does not share a thread with the
 * server under test (the bare baseline server lives in the bench process). Takes a LoadSpec as JSON in
 * argv[2]; prints the figures as one JSON line on stdout.
 */
import autocannon from 'autocannon';

export interface LoadSpec {
  /** Several: the connections are spread over them round-robin (autocannon's own; a multiple of their count is even). */
  url: string | string[];
  method: 'GET' | 'PATCH' | 'POST';
  headers: Record<string, string>;
  /** The body every request sends. */
  body?: string;
  /** PATCH only: each request replaces the description with a value no other request used. */
  patchDescription?: boolean;
  /** Each request's `userId` query parameter is one no other request used (a fresh evaluation context). */
  freshUserId?: boolean;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]!) as LoadSpec;
  let n = 0;
  const tag = process.pid.toString(36);
  const request: autocannon.Request = { method: spec.method, headers: spec.headers };
  if (spec.body !== undefined) request.body = spec.body;
  if (spec.patchDescription) {
    request.setupRequest = (req) => ({
      ...req,
      body: JSON.stringify([{ op: 'replace', path: '/description', value: `bench ${tag}-${n++}` }]),
    });
  }
  if (spec.freshUserId) {
    const url = new URL(Array.isArray(spec.url) ? spec.url[0]! : spec.url);
    request.setupRequest = (req) => {
      url.searchParams.set('userId', `${tag}-${n++}`);
      return { ...req, path: `${url.pathname}${url.search}` };
    };
  }
  const result = await autocannon({
    url: spec.url as string, // autocannon 9 takes several (its types, of 7.x, say one)
    connections: spec.connections,
    duration: spec.durationSeconds,
    ...(spec.warmupSeconds > 0 ? { warmup: { connections: spec.connections, duration: spec.warmupSeconds } } : {}),
    requests: [request],
    timeout: 10,
  });
  const out: LoadResult = {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
