// The same requests sent to flagadmin and to the real Unleash, their answers kept by operationId and held
// against Unleash's OpenAPI document (test/helpers/unleash.ts), for the suites that check one topic's
// operations in a file of their own.
import * as assert from 'uvu/assert';
import { httpWorld, OVER_SOCKET, type HttpWorld, type HttpWorldOptions } from './http-world';
import { startPostgres } from './postgres';
import { startUnleash, unleashSchemas, type RunningUnleash, type UnleashSchemas } from './unleash';

export interface Answer {
  operationId: string;
  status: number;
  body: unknown;
  text: string;
}

export type Send = (path: string, init?: RequestInit) => Promise<Response>;

/** A caller that keeps each answer under its operationId ('' keeps nothing) and throws on any status >= 300. */
export function answerRecorder(send: Send, key: string) {
  const answers = new Map<string, Answer>();
  const call = async (operationId: string, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { authorization: key };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await send(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    const parsed = text === '' ? undefined : JSON.parse(text);
    if (operationId) answers.set(operationId, { operationId, status: response.status, body: parsed, text });
    if (response.status >= 300) throw new Error(`${operationId || method} ${path} answered ${response.status}: ${text}`);
    return parsed;
  };
  return { answers, call };
}

/**
 * Why an answer does not match Unleash's document for its operation and status, or undefined when it does.
 * `documented` maps an operation answered with a status its document does not list (both servers answer it)
 * to the status whose schema the body is held against.
 */
export function mismatch(
  schemas: UnleashSchemas,
  answer: Answer,
  documented: ReadonlyMap<string, { answered: number; documented: number }> = new Map(),
): string | undefined {
  const known = documented.get(answer.operationId);
  const status = known?.answered === answer.status ? known.documented : answer.status;
  const check = schemas.check(answer.operationId, status, answer.body);
  if (check.kind === 'undocumented') return `status ${answer.status} is not documented (${check.statuses.join(', ')})`;
  if (check.kind === 'no-body')
    return answer.text === '' ? undefined : `${answer.status} has no body in the document; answered ${answer.text.slice(0, 200)}`;
  return check.valid ? undefined : `${check.schemaName}: ${schemas.describe(check.errors).slice(0, 8).join('; ')}`;
}

/** Every answer matches the document (`who` names the server in failures). */
export function assertAllMatch(
  schemas: UnleashSchemas,
  answers: ReadonlyMap<string, Answer>,
  who: string,
  documented?: ReadonlyMap<string, { answered: number; documented: number }>,
): void {
  const failures = [...answers.values()].flatMap((a) => {
    const why = mismatch(schemas, a, documented);
    return why ? [`${who}${a.operationId}: ${why}`] : [];
  });
  assert.equal(failures, []);
}

/** flagadmin answered each operation with Unleash's status, with a body where Unleash has one. */
export function assertSameStatuses(ours: ReadonlyMap<string, Answer>, real: ReadonlyMap<string, Answer>): void {
  for (const [id, answer] of ours) {
    const theirs = real.get(id)!;
    assert.is(answer.status, theirs.status, `${id}: the same status`);
    assert.is(answer.text === '', theirs.text === '', `${id}: a body where Unleash has one`);
  }
}

/** flagadmin over a socket beside a real Unleash on a test PostgreSQL, with Unleash's schemas. */
export interface BesideUnleash {
  unleash: RunningUnleash;
  world: HttpWorld;
  schemas: UnleashSchemas;
  /** Stops flagadmin, Unleash and PostgreSQL. */
  close(): Promise<void>;
}

export async function besideUnleash(options: HttpWorldOptions = {}): Promise<BesideUnleash> {
  const postgres = await startPostgres();
  let unleash: RunningUnleash | undefined;
  let world: HttpWorld | undefined;
  const close = async () => {
    await world?.close();
    await unleash?.stop();
    await postgres.stop();
  };
  try {
    unleash = await startUnleash({ postgresUrl: postgres.url });
    const schemas = unleashSchemas(await unleash.openApi());
    world = await httpWorld(OVER_SOCKET, options);
    return { unleash, world, schemas, close };
  } catch (error) {
    await close();
    throw error;
  }
}
