// Environment names the bin does not read but a user may well have set: misspelt FLAGADMIN_* names and
// Unleash's names for settings flagadmin has under another name. Each gets a start-up warning instead
// of being silently ignored.

type Env = Readonly<Record<string, string | undefined>>;

/** Unleash's environment names that flagadmin does not read, with the setting that does the same here. */
const UNLEASH_EQUIVALENTS: ReadonlyMap<string, string> = new Map([
  ['SERVER_KEEPALIVE_TIMEOUT', 'FLAGADMIN_KEEP_ALIVE_TIMEOUT_MS (milliseconds)'],
  ['SERVER_HEADERS_TIMEOUT', 'FLAGADMIN_HEADERS_TIMEOUT_MS (milliseconds)'],
  ['UNLEASH_URL', 'BASE_URI_PATH (the path part; the host comes from the request)'],
  ['ENABLE_OAS', 'nothing: GET /docs/openapi.json is always served'],
  ['LOG_FORMAT', 'nothing: logs are always JSON lines'],
]);

/**
 * Wraps `env` so that every name the configuration reads is recorded. Whatever it never read can
 * then be checked with `unreadEnvWarnings`, so a name added to the configuration is known at once.
 */
export function recordingEnv(env: Env): { env: Env; read: Set<string> } {
  const read = new Set<string>();
  const proxy = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return Reflect.get(target, name);
    },
  });
  return { env: proxy, read };
}

/** Prefixes of names the bin owns: a name with one that it never read is a misspelling. */
const OWN_PREFIXES = ['FLAGADMIN_', 'OIDC_'] as const;

/** One warning per FLAGADMIN_* or OIDC_* name that was set but never read, and per Unleash name listed above. */
export function unreadEnvWarnings(env: Env, read: ReadonlySet<string>): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (read.has(name) || env[name] === undefined) continue;
    const prefix = OWN_PREFIXES.find((p) => name.startsWith(p));
    if (prefix) {
      const known = [...read].filter((n) => n.startsWith(prefix)).sort();
      warnings.push(`unknown environment variable ${name} is ignored (flagadmin reads ${known.join(', ')})`);
    } else if (UNLEASH_EQUIVALENTS.has(name)) {
      warnings.push(`${name} is Unleash's name and is ignored here: use ${UNLEASH_EQUIVALENTS.get(name)}`);
    }
  }
  return warnings;
}

/** '/flags/' -> '/flags', 'flags' -> '/flags', '' and '/' -> '' (served at the root); null when malformed. */
export function normalizeBasePath(value: string): string | null {
  let path = value.startsWith('/') ? value : `/${value}`;
  while (path.endsWith('/')) path = path.slice(0, -1);
  return /^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)*$/.test(path) && !/\/\.{1,2}(\/|$)/.test(path) ? path : null;
}
