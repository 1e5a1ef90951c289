/** An environment by name, or 404 as Unleash words it. */
import { notFound } from '../base/errors';
import type { EnvironmentRecord } from '../base/vocabulary-records';
import type { ReadTx } from '../base/storage';

export async function environmentNamed(tx: ReadTx, name: string): Promise<EnvironmentRecord> {
  const environment = await tx.get('environments', name);
  if (!environment) throw notFound(`Could not find environment with name: ${name}`);
  return environment;
}
