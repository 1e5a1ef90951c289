/** What every operation runs with: storage (through read/write that wait for readiness), clock, logger, caches. */
import { sha256Hex } from '../base/auth';
import { createCaches, type ContextCaches } from './caches';
import { ensureInstanceDefaults } from './instance-defaults';
import { ensureTagDefaults } from './tag-defaults';
import { ensureBuiltinContextFields } from './builtin-context-fields';
import { resolveLimits, type Limits } from '../base/limits';
import { DEFAULT_FRONTEND_ORIGINS, originProblem } from '../base/cors-origins';
import { SetupError } from '../base/setup-error';
import { silentLogger, type Logger } from '../base/logger';
import { NOTIFIED_READ, type ReadOptions, type ReadTx, type Storage, type WriteTx } from '../base/storage';
import { UsageBatch } from './usage-batch';
import { pruneApps } from './client-app-prune';
import { pruneUsage } from './usage-prune';
import { CommitSignal } from './commit-signal';
import { ClientStreams } from './client-streams';
import type { StreamOptions } from './stream-options';
import { resolvePeople, type PeopleOptions, type PeopleSettings } from './people-options';
import { integrationSecrets, type IntegrationSecrets } from '../base/addon-secrets';
import { secretSealer, secretsKeyProblem } from '../base/secret-sealing';
import { sealClearAddonSecrets } from './addon-secrets-at-start';

export interface AdminOptions extends PeopleOptions {
  storage: Storage;
  /** The clock; injectable so computed figures (staleness, health) are testable. */
  now?: () => Date;
  logger?: Logger;
  /**
   * How long the first SDK report (registration, metrics) of a batch waits for others, in ms; all of
   * them are then written in one transaction (default 20).
   */
  usageBatchMs?: number;
  /** Overrides of DEFAULT_LIMITS (limits.ts); each a positive integer. */
  limits?: Partial<Limits>;
  /**
   * The origins browsers may read the frontend API and OFREP from, until an admin sets them
   * (`POST /api/admin/ui-config/cors`); default `["*"]`, as Unleash. Each `*` or an exact origin.
   */
  frontendApiOrigins?: readonly string[];
  /** Streaming to SDKs: most open streams, heartbeat, revisions kept (see runtime/client-streams.ts). */
  streams?: StreamOptions;
  /**
   * The key integration secrets are sealed with at rest (AES-256-GCM): 32 random bytes in base64
   * (`openssl rand -base64 32`), the same for every process of one storage. Without one, a secret parameter
   * is refused (400). `previousSecretsKeys` only open what they sealed (a rotation: the new key here, the old
   * one there).
   */
  secretsKey?: string;
  previousSecretsKeys?: readonly string[];
  /**
   * A synchronous SHA-256 of a text's UTF-8, as lowercase hex, from a host that has one (node-http's
   * `nodeSha256Hex`). Answers to SDKs and browsers carry a hash of their text as ETag, one per answer;
   * WebCrypto's digest (the default, on every host) is asynchronous and costs about ten times the CPU on
   * Node. It must answer what WebCrypto answers, so ETags are the same on every host.
   */
  sha256Hex?: (text: string) => string;
}

export interface AdminContext {
  readonly storage: Storage;
  readonly now: () => Date;
  readonly logger: Logger;
  readonly caches: ContextCaches;
  /** The instance's limits: DEFAULT_LIMITS with the options' overrides. */
  readonly limits: Readonly<Limits>;
  /** The frontend API's CORS origins while no admin has set them (base/cors-origins.ts). */
  readonly frontendApiOrigins: readonly string[];
  /** Resolves once a fresh storage has the instance defaults (environments, `default` project). */
  ready(): Promise<void>;
  /**
   * A read transaction, once the instance is ready: how operations read (never `storage.read`).
   * SDK-facing reads pass NOTIFIED_READ (base/storage.ts: the state this process has learned of).
   */
  read<T>(fn: (tx: ReadTx) => Promise<T>, options?: ReadOptions): Promise<T>;
  /** A write transaction, once the instance is ready: how operations write (never `storage.write`). */
  write<T>(fn: (tx: WriteTx) => Promise<T>): Promise<T>;
  /** SDK reports, written together in batches (see usage-batch.ts). */
  readonly usage: UsageBatch;
  /** Told after commits: the storage's `onCommit` when it has one, else this instance's writes. */
  readonly commits: CommitSignal;
  /** The client API's delta feeds and open streams. */
  readonly streams: ClientStreams;
  /** People's settings: the password hasher, sessions' lifetime, trusted origins (people-options.ts). */
  readonly people: PeopleSettings;
  /** Integration secrets sealed at rest with the instance's key (base/addon-secrets.ts). */
  readonly secrets: IntegrationSecrets;
  /** The weak ETag of an answer's text: `W/"` and 32 hex digits of its SHA-256 (the host's, else WebCrypto's). */
  readonly answerTag: (text: string) => string | Promise<string>;
}

export function createContext(options: AdminOptions): AdminContext {
  const { storage } = options;
  const limits = resolveLimits(options.limits);
  const frontendApiOrigins = resolveOrigins(options.frontendApiOrigins);
  const people = resolvePeople(options);
  const secrets = resolveSecrets(options);
  const now = options.now ?? (() => new Date());
  let initialized: Promise<void> | undefined;
  let isReady = false;
  const ready = (): Promise<void> => {
    initialized ??= ensureInstanceDefaults(storage, now)
      .then(() => ensureBuiltinContextFields(storage, now))
      .then(() => ensureTagDefaults(storage, now))
      .then(() => sealClearAddonSecrets(storage, secrets, options.logger ?? silentLogger))
      .then(
        () => {
          isReady = true;
        },
        (error: unknown) => {
          initialized = undefined;
          throw error;
        },
      );
    return initialized;
  };
  const commits = new CommitSignal(storage);
  const commit = storage.onCommit
    ? <T>(fn: (tx: WriteTx) => Promise<T>): Promise<T> => storage.write(fn)
    : <T>(fn: (tx: WriteTx) => Promise<T>): Promise<T> => storage.write(fn).then((result) => (commits.wrote(), result));
  const write = <T>(fn: (tx: WriteTx) => Promise<T>): Promise<T> => (isReady ? commit(fn) : ready().then(() => commit(fn)));
  const read = <T>(fn: (tx: ReadTx) => Promise<T>, options?: ReadOptions): Promise<T> =>
    isReady ? storage.read(fn, options) : ready().then(() => storage.read(fn, options));
  return {
    storage,
    now,
    logger: options.logger ?? silentLogger,
    caches: createCaches(),
    limits,
    frontendApiOrigins,
    ready,
    read,
    write,
    usage: new UsageBatch(write, options.usageBatchMs, async (tx) => {
      const at = now().getTime();
      await pruneApps(tx, at);
      await pruneUsage(tx, at, limits.usageRetentionHours);
    }),
    people,
    secrets,
    answerTag: answerTagger(options.sha256Hex),
    commits,
    streams: new ClientStreams((fn) => read(fn, NOTIFIED_READ), commits, options.streams),
  };
}

function answerTagger(hostSha256Hex: ((text: string) => string) | undefined): (text: string) => string | Promise<string> {
  if (hostSha256Hex) return (text) => `W/"${hostSha256Hex(text).slice(0, 32)}"`;
  return async (text) => `W/"${(await sha256Hex(text)).slice(0, 32)}"`;
}

/** The host's origins, checked: a SetupError (`INVALID_ORIGIN`) names the first that is not one. */
function resolveOrigins(origins: readonly string[] | undefined): readonly string[] {
  if (origins === undefined) return DEFAULT_FRONTEND_ORIGINS;
  for (const origin of origins) {
    const problem = originProblem(origin);
    if (problem) throw new SetupError('INVALID_ORIGIN', `frontendApiOrigins: ${problem}.`);
  }
  return Object.freeze([...origins]);
}

/** The instance's integration secrets: its keys checked (a SetupError, `INVALID_SECRETS_KEY`, names the bad one). */
function resolveSecrets(options: AdminOptions): IntegrationSecrets {
  const { secretsKey, previousSecretsKeys = [] } = options;
  if (secretsKey === undefined) {
    if (previousSecretsKeys.length > 0) throw new SetupError('INVALID_SECRETS_KEY', 'previousSecretsKeys: given without a secretsKey.');
    return integrationSecrets(undefined);
  }
  [secretsKey, ...previousSecretsKeys].forEach((key, i) => {
    const problem = secretsKeyProblem(key);
    if (problem) throw new SetupError('INVALID_SECRETS_KEY', `${i === 0 ? 'secretsKey' : `previousSecretsKeys[${i - 1}]`}: ${problem}.`);
  });
  return integrationSecrets(secretSealer(secretsKey, previousSecretsKeys));
}
