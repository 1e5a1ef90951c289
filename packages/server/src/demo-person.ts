// The demo's person: an Admin to sign in to the page with, beside the demo's admin key, with a random
// password printed once at start (only its hash is stored), as the key is.
import { SYSTEM_PRINCIPAL, type Admin } from '@flagadmin/core';
import { randomBytes } from 'node:crypto';

export interface DemoPerson {
  username: string;
  password: string;
}

/** Creates `demo-admin` when nobody exists yet and the instance has a password hasher; else null. */
export async function createDemoPerson(admin: Admin): Promise<DemoPerson | null> {
  if (!admin.context.people.passwordHasher) return null;
  if ((await admin.getUsers(SYSTEM_PRINCIPAL)).users.length > 0) return null;
  // A random password meets the policy unless chance repeats a character three times: then draw again.
  for (let attempt = 0; attempt < 10; attempt++) {
    const password = `Demo-${randomBytes(9).toString('base64url')}-7!`;
    if (/(.)\1\1/.test(password)) continue;
    await admin.createUser(SYSTEM_PRINCIPAL, { body: { username: 'demo-admin', rootRole: 'Admin', password } });
    return { username: 'demo-admin', password };
  }
  return null;
}
