/** The bin's --help text: every option with its environment variable and default, and the exit codes. */
import { DEFAULT_BODY_LIMIT, DEFAULT_LIMITS, DEFAULT_STREAM_OPTIONS } from '@flagadmin/core';
import { DEFAULT_HEADERS_TIMEOUT, DEFAULT_KEEP_ALIVE_TIMEOUT, DEFAULT_REQUEST_TIMEOUT } from '@flagadmin/node-http';
import { DELIVERY_DEFAULTS } from '@flagadmin/integrations';
import { DEFAULT_SCHEDULE_INTERVAL_MS } from './change-request-scheduler';
import { DEFAULT_PORT, DEFAULT_HOST, DEFAULT_DATA_DIR, DEFAULT_SHUTDOWN_TIMEOUT } from './config';
import { DEFAULT_OIDC_ROLE } from './oidc-config';

export const USAGE = `Usage: flagadmin [options]

Starts the flagadmin admin API (Unleash-compatible) on node:http with its data on disk.

Options (flags win over environment variables):
  --port <n>          PORT            TCP port, 0 = any free port             (default ${DEFAULT_PORT})
  --host <addr>       HOST            address to listen on                    (default ${DEFAULT_HOST})
  --data <dir>        FLAGADMIN_DATA  data directory, relative to the cwd     (default ./${DEFAULT_DATA_DIR})
  --database-url <url> DATABASE_URL   PostgreSQL instead of the data directory, e.g.
                                      postgres://user:password@host:5432/db (several processes may share it)
  --database-pool-size <n>  FLAGADMIN_DATABASE_POOL_SIZE     most PostgreSQL connections of this process (default 10)
  --database-processes <n>  FLAGADMIN_DATABASE_PROCESSES     flagadmin processes that will share the PostgreSQL server, this
                                                             one included: start is refused when their pools could exceed
                                                             max_connections (default 1; running ones are counted anyway)
  --database-listen-url <url> FLAGADMIN_DATABASE_LISTEN_URL  a direct PostgreSQL URL for LISTEN and the start-up lock when
                                                             --database-url goes through PgBouncer in transaction mode
  --body-limit <n>    BODY_LIMIT      largest request body in bytes           (default ${DEFAULT_BODY_LIMIT})
  --log-level <lvl>   LOG_LEVEL       debug, info, warn, error or silent      (default info)
  --headers-timeout <ms>    FLAGADMIN_HEADERS_TIMEOUT_MS     time to send the request head, then 408 (default ${DEFAULT_HEADERS_TIMEOUT})
  --request-timeout <ms>    FLAGADMIN_REQUEST_TIMEOUT_MS     time to send the whole request, then 408; 0 = none (default ${DEFAULT_REQUEST_TIMEOUT})
  --keep-alive-timeout <ms> FLAGADMIN_KEEP_ALIVE_TIMEOUT_MS  idle keep-alive connection lifetime; 0 = none (default ${DEFAULT_KEEP_ALIVE_TIMEOUT})
  --shutdown-timeout <ms>   FLAGADMIN_SHUTDOWN_TIMEOUT_MS    longest graceful shutdown, then exit 1 (default ${DEFAULT_SHUTDOWN_TIMEOUT})
  --schedule-interval <ms>  FLAGADMIN_SCHEDULE_INTERVAL_MS   how often due scheduled change requests are applied, also at start (default ${DEFAULT_SCHEDULE_INTERVAL_MS})
  --max-streams <n>         FLAGADMIN_MAX_STREAMS            most open SDK streams; over it 429 and the SDK polls (default ${DEFAULT_STREAM_OPTIONS.max})
  --stream-heartbeat <ms>   FLAGADMIN_STREAM_HEARTBEAT_MS    heartbeat on an idle SDK stream (default ${DEFAULT_STREAM_OPTIONS.heartbeatMs})
  --stream-write-threads <n> FLAGADMIN_STREAM_WRITE_THREADS  threads writing a change to many SDK streams beside the
                                                             main one; 0 = none (default: one per core beyond the first,
                                                             at most 3)
  --base-path <path>        BASE_URI_PATH                    serve everything under this path, e.g. /flags (default /)
  --frontend-api-origins <list> UNLEASH_FRONTEND_API_ORIGINS comma-separated origins browsers may read the frontend API
                                                             and OFREP from, e.g. https://app.example.com (default *: any;
                                                             an admin's setCors wins)
  --no-compression          FLAGADMIN_COMPRESSION=off        do not gzip/brotli answers over 1 KiB
  --no-metrics              FLAGADMIN_METRICS=off            do not serve the Prometheus metrics at /metrics and
                                                             /internal-backstage/prometheus (default on; --metrics: on)
                            FLAGADMIN_METRICS_TOKEN          metrics want Authorization: Bearer <token>
  --no-integrations         FLAGADMIN_INTEGRATIONS=off       this process delivers no events to the integrations (webhook,
                                                             Slack, Teams; default on: on PostgreSQL one process delivers each)
  --integrations-lease <ms> FLAGADMIN_INTEGRATIONS_LEASE_MS  how soon another process takes over a dead one's deliveries (default ${DELIVERY_DEFAULTS.leaseMs})
  --integrations-give-up <ms> FLAGADMIN_INTEGRATIONS_GIVE_UP_MS how long an event is retried, then recorded as failed (default ${DELIVERY_DEFAULTS.retry.giveUpAfterMs})
                            FLAGADMIN_SECRETS_KEY            the key integration secrets are sealed with at rest: 32 bytes in base64
                                                             (openssl rand -base64 32), the same for every process of the data
  --secrets-key-file <path> FLAGADMIN_SECRETS_KEY_FILE       the same key read from a file (not both)
                            FLAGADMIN_SECRETS_PREVIOUS_KEYS  comma-separated keys that only open what they sealed (a rotation)
  --limit <name>=<n>        FLAGADMIN_LIMIT_<NAME>           one of core's limits, repeatable, e.g. --limit tagsPerFeature=50
                                                             or FLAGADMIN_LIMIT_TAGS_PER_FEATURE=50; names and defaults:
${limitDefaults()}
  --oidc-issuer <url>       OIDC_ISSUER                      single sign-on: the OpenID Connect issuer, e.g.
                                                             https://login.example.com/realms/main (http:// on localhost only)
  --oidc-client-id <id>     OIDC_CLIENT_ID                   the client registered at the issuer for flagadmin
  --oidc-client-secret <s>  OIDC_CLIENT_SECRET               its secret (prefer the variable: a flag shows in ps)
  --oidc-default-role <r>   OIDC_DEFAULT_ROLE                Admin, Editor or Viewer: the role of a person signing in
                                                             the first time (default ${DEFAULT_OIDC_ROLE})
  --oidc-redirect-uri <url> OIDC_REDIRECT_URI                the callback as registered at the issuer (default: the
                                                             request's host + base path + /auth/oidc/callback)
  --session-ttl-hours <h>   SESSION_TTL_HOURS                how long a sign-in session lasts, in hours (default 48, as Unleash)
  --trusted-origins <list>  FLAGADMIN_TRUSTED_ORIGINS        comma-separated origins besides this server's own that may send
                                                             writes signed in by the session cookie (default none)
  --sign-in-limit <n>       SIMPLE_LOGIN_LIMIT_PER_MINUTE    password sign-ins per minute from one address, and as many in
                                                             a row (default 10, as Unleash); beyond, 429
  --trust-proxy <on|off>    FLAGADMIN_TRUST_PROXY            on: a proxy in front sets X-Forwarded-For, whose last entry is
                                                             then a sign-in's address (default off: the connection's)
  --no-demo                           no demo data on a first start with empty data (with INIT_*_API_TOKENS
                                      set, the demo data comes without a generated admin key)
  -v, --version                       print the version
  -h, --help                          show this help
Unleash's names work too: HTTP_PORT (wins over PORT), HTTP_HOST (wins over HOST), BASE_URI_PATH.
Environment only:
  INIT_ADMIN_API_TOKENS   comma-separated admin secrets to accept, e.g. *:*.<56 or 64 hex>
  INIT_CLIENT_API_TOKENS  comma-separated client secrets, e.g. default:development.<56 or 64 hex>
  INIT_BACKEND_API_TOKENS the same, Unleash's current name: its keys are type backend (both lists are read)
  UNLEASH_DEFAULT_ADMIN_USERNAME, UNLEASH_DEFAULT_ADMIN_PASSWORD  the first admin, made when nobody exists yet (the
                          username defaults to admin; there is no default password: without one, no password sign-in)
                          (Unleash's shapes; a short or published secret is accepted with a warning)

Commands (each with its own --help):
  flagadmin migrate --from <Unleash URL> --key <admin key> [--project <id>] [--dry-run]
                                      bring a running Unleash into the data (--data / --database-url)
  flagadmin export --to <Unleash URL> --key <key> [--project <id>] [--dry-run]
                                      write the data into a running Unleash (the way back)

Exit codes: 0 stopped by SIGTERM/SIGINT, 1 runtime failure (data directory in use or
unreadable, cannot listen, uncaught error, forced shutdown), 2 bad flag or environment value.`;

/** The limits and their defaults for --help, three a line under the option's text. */
function limitDefaults(): string {
  const pairs = Object.entries(DEFAULT_LIMITS).map(([name, value]) => `${name}=${value}`);
  const lines: string[] = [];
  for (let i = 0; i < pairs.length; i += 3) lines.push(`${' '.repeat(61)}${pairs.slice(i, i + 3).join(', ')}`);
  return lines.join('\n');
}
