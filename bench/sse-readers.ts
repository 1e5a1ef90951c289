/**
 * A child process of bench/propagation.ts holding many SDK streams (`GET /api/client/streaming`) as raw
 * SSE readers: what a real unleash-client keeps open, without its evaluation state, so 10,000 streams fit
 * beside the server on one machine. Each stream's `unleash-updated` events are timed (epoch ms) in order:
 * the k-th one a stream reads is the k-th change. Driven over IPC by the parent:
 *   {open: {urls, key, count}}  → opens `count` streams spread over `urls`, answers {opened, refused}
 *   {count: k}                  → answers {read: n} (how many streams read the k-th change so far)
 *   'report'                    → answers {arrivals: number[][]} (per change, the times over every stream)
 *   'close'                     → closes every stream and exits.
 */
import { request, type ClientRequest } from 'node:http';

const streams: ClientRequest[] = [];
/** arrivals[k]: when each stream read its k-th `unleash-updated` event. */
const arrivals: number[][] = [];
const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send!(message);

/** Opens one stream; resolves true once its `unleash-connected` event arrived, false when refused. */
function openStream(url: string, key: string): Promise<boolean> {
  return new Promise((resolve) => {
    let changes = 0;
    let connected = false;
    let tail = '';
    const req = request(`${url}/api/client/streaming`, {
      headers: {
        authorization: key,
        accept: 'text/event-stream',
        'unleash-appname': 'sse-reader',
        'unleash-sdk': 'unleash-client-node:6.12.1',
      },
    });
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(false);
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = now();
        // An event name may be split across chunks: keep the unfinished last line.
        const lines = (tail + chunk).split('\n');
        tail = lines.pop() ?? '';
        for (const line of lines) {
          if (line === 'event: unleash-connected' && !connected) {
            connected = true;
            resolve(true);
          } else if (line === 'event: unleash-updated') (arrivals[changes++] ??= []).push(at);
        }
      });
    });
    req.on('error', () => resolve(false));
    req.end();
    streams.push(req);
  });
}

process.on('message', async (message: unknown) => {
  if (message === 'report') send({ arrivals });
  else if (message && typeof message === 'object' && 'count' in message)
    send({ read: arrivals[(message as { count: number }).count]?.length ?? 0 });
  else if (message === 'close') {
    for (const req of streams) req.destroy();
    process.exit(0);
  } else if (message && typeof message === 'object' && 'open' in message) {
    const { urls, key, count } = (message as { open: { urls: string[]; key: string; count: number } }).open;
    let opened = 0;
    let refused = 0;
    // A few hundred at a time: a burst of thousands of connects would be refused by the listen backlog.
    for (let i = 0; i < count; i += 250) {
      const batch = Array.from({ length: Math.min(250, count - i) }, (_, j) => openStream(urls[(i + j) % urls.length]!, key));
      for (const ok of await Promise.all(batch)) ok ? opened++ : refused++;
    }
    send({ opened, refused });
  }
});
process.on('disconnect', () => process.exit(0));
