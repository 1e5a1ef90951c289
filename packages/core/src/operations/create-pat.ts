import { hashSecret, randomHex, type Principal } from '../base/auth';
import { AdminError, badData } from '../base/errors';
import type { PersonalTokenRecord } from '../base/people-records';
import { patDocument, type PatDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { requirePerson } from '../runtime/people';
import { assertValid } from '../schemas/validation';

/** At most this many tokens per person (Unleash's PAT_LIMIT). */
export const PATS_PER_PERSON = 10;

/**
 * `POST /api/admin/user/tokens` (Unleash's `createPat`): 201 with the token and its secret (`user:<hex>`),
 * shown this once and stored as its SHA-256. `expiresAt` in the future, else 400; none: no expiry. A
 * description the person already uses: 409; past `PATS_PER_PERSON`: 403. Event `pat-created` (no secret).
 */
export async function createPat(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<PatDocument> {
  requirePerson(principal);
  assertValid<{ description: string; expiresAt?: string }>('createPat', input.body, 'personal access token');
  const { description, expiresAt } = input.body;
  if (expiresAt !== undefined && !(Date.parse(expiresAt) > ctx.now().getTime())) throw badData('The expiry date should be in future.');
  const secret = `user:${randomHex(28)}`;
  const secretHash = await hashSecret(secret);
  const record = await ctx.write(async (tx) => {
    const user = await tx.get('users', String(principal.id));
    if (!user) throw new AdminError('NoAccessError', 'PATs require an authenticated user.');
    const own = (await tx.list('personalTokens')).filter((t) => t.userId === user.id);
    if (own.length >= PATS_PER_PERSON)
      throw new AdminError('OperationDeniedError', `Too many PATs (${PATS_PER_PERSON}) already exist for this user.`);
    if (own.some((t) => t.description === description)) throw new AdminError('NameExistsError', 'PAT description already exists.');
    const token: PersonalTokenRecord = {
      id: await tx.nextSequence('personalToken'),
      userId: user.id,
      description,
      secretHash,
      createdAt: ctx.now().toISOString(),
      expiresAt: expiresAt === undefined ? null : new Date(expiresAt).toISOString(),
    };
    await tx.put('personalTokens', token);
    await emit(tx, ctx, principal, [{ type: 'pat-created', data: patDocument(token) }]);
    return token;
  });
  return { ...patDocument(record), secret };
}
