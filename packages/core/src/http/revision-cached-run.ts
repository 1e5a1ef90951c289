/**
 * Answers of GET routes that depend only on the key, the path, the query parameters the route declares
 * and the stored state, computed once per storage revision: between two commits the same key asking
 * the same thing gets the same JSON text.
 */
import type { Admin } from '../admin/admin';
import { serialize } from './response';
import { JsonText, type Route, type RouteInput, type RouteResult } from './route';

/**
 * What a kept answer is kept under: the key's id, the path and the route's declared query parameters
 * only, so a query parameter the route does not read (`?x=<random>`) neither splits nor flushes the
 * kept answers.
 */
export function answerKey(principalId: number, pathname: string, route: Route, query: URLSearchParams): string {
  let key = `${principalId} ${pathname}`;
  for (const { name } of route.query ?? []) if (query.has(name)) key += ` ${name}=${JSON.stringify(query.getAll(name))}`;
  return key;
}

/**
 * Runs `route` unless an answer for `key` at revision `before` is kept. `before` is a revision read
 * during this request (the one the key was authenticated at), so answering that revision's state is
 * answering the state at some moment of the request. An answer is kept only when the revision did not
 * move while it was computed (the operation's own read then saw exactly that revision's state), and
 * only a 200: errors are answered afresh.
 */
export async function runCachedPerRevision(
  admin: Admin,
  route: Route,
  input: RouteInput,
  key: string,
  before: number,
): Promise<RouteResult> {
  const { context } = admin;
  const revisionNow = () => context.read((tx) => tx.revision());
  const kept = context.caches.routeAnswers.peek(before, key);
  if (kept && (kept.until === undefined || context.now().getTime() < kept.until)) return kept;
  const result = await route.run(admin, input);
  if (result.status !== 200) return result;
  const answer: RouteResult = {
    status: result.status,
    body: result.body instanceof JsonText ? result.body : new JsonText(serialize(result.body, context.caches)),
    ...(result.headers ? { headers: result.headers } : {}),
    ...(result.until !== undefined ? { until: result.until } : {}),
  };
  if ((await revisionNow()) === before) context.caches.routeAnswers.set(before, key, answer);
  return answer;
}
