// The real `unleash-client` pointed at a server (flagadmin or Unleash itself) for one environment, and its
// answers (`isEnabled`, `getVariant`) for every flag and environment on a list of contexts, to show two
// servers answer alike; and a personal access token of Unleash's default admin (Unleash's import refuses
// admin API tokens).
import * as assert from 'uvu/assert';
import { InMemStorageProvider, Unleash, type Context } from 'unleash-client';

/** A server an SDK reads: its base URL and a client key per environment. */
export interface SdkServer {
  url: string;
  clientKeys: ReadonlyMap<string, string>;
}

/** What is asked: the environments, the flags and the contexts. */
export interface SdkQuestions {
  environments: readonly string[];
  flags: readonly string[];
  contexts: readonly Context[];
}

/** The real unleash-client on `server`'s client API for one environment; resolves once it has the flags. */
async function sdk(server: SdkServer, environment: string): Promise<Unleash> {
  const client = new Unleash({
    url: `${server.url}/api/`,
    appName: 'unleash-sdk-answers',
    environment,
    customHeaders: { Authorization: server.clientKeys.get(environment)! },
    disableMetrics: true,
    // One fetch at start; the next would come long after the test.
    refreshInterval: 3_600_000,
    skipInstanceCountWarning: true,
    storageProvider: new InMemStorageProvider(),
  });
  await new Promise<void>((resolve, reject) => {
    client.once('synchronized', () => resolve());
    client.once('error', reject);
  });
  return client;
}

/** Every flag's answers in every environment on every context: [environment, flag, context, isEnabled, variant]. */
export async function sdkAnswers(server: SdkServer, questions: SdkQuestions): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for (const environment of questions.environments) {
    const client = await sdk(server, environment);
    try {
      for (const flag of questions.flags)
        for (const context of questions.contexts)
          out.push([environment, flag, context, client.isEnabled(flag, context), client.getVariant(flag, context)]);
    } finally {
      client.destroy();
    }
  }
  return out;
}

/** The SDK answers alike on both servers, for every flag, environment and context (some on, some off). */
export async function sameSdkAnswers(a: SdkServer, b: SdkServer, questions: SdkQuestions): Promise<void> {
  const [left, right] = [await sdkAnswers(a, questions), await sdkAnswers(b, questions)];
  assert.is(left.length, questions.environments.length * questions.flags.length * questions.contexts.length);
  assert.ok(left.some((l) => l[3] === true) && left.some((l) => l[3] === false), 'some contexts on, some off');
  const differing = left.flatMap((l, i) => (JSON.stringify(l) === JSON.stringify(right[i]) ? [] : [[l, right[i]]]));
  assert.equal(differing.slice(0, 5), [], `${differing.length} of ${left.length} answers differ`);
}

/**
 * A personal access token of Unleash's default admin (admin / unleash4all): Unleash refuses admin API
 * tokens on import. Logged in with its password (a session cookie), the token is created through the API
 * (`description`: unique among the admin's tokens).
 */
export async function personalAccessToken(url: string, description = 'import'): Promise<string> {
  const login = await fetch(`${url}/auth/simple/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'unleash4all' }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // express-session writes the login's answer before its store holds the session (it ends the answer once
  // stored): the session is used once Unleash knows it, which is no matter of time but of that write.
  for (let tries = 0; (await fetch(`${url}/api/admin/user`, { headers: { cookie } })).status !== 200; tries++) {
    if (tries === 100) throw new Error('Unleash never stored the login session');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  const response = await fetch(`${url}/api/admin/user/tokens`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ description, expiresAt }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`personal access token: ${response.status} ${text}`);
  return (JSON.parse(text) as { secret: string }).secret;
}
