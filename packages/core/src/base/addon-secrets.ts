/**
 * An integration's secret parameters (those its provider marks sensitive) at rest: sealed when stored
 * (base/secret-sealing.ts), each bound to its integration's id and its name, and opened by the delivery
 * (`@flagadmin/integrations`) just before sending. Without a key an instance stores no secret: a non-empty one
 * is refused (400) with the setting to give.
 */
import { isSecretParameter } from './addon-providers';
import { badData } from './errors';
import { isSealed, SealedSecretError, type SecretSealer } from './secret-sealing';
import type { AddonRecord } from './vocabulary-records';

/** The setting that gives the key, as a refusal names it. */
export const SECRETS_KEY_SETTING = "core's secretsKey option (the flagadmin bin's FLAGADMIN_SECRETS_KEY or --secrets-key-file)";

export interface IntegrationSecrets {
  /** Whether a key was given: without one, secrets are refused and sealed ones do not open. */
  readonly sealing: boolean;
  /**
   * The record with its secret parameters sealed; one kept from `stored` (sent back as `*****`) stays as it
   * was sealed. Without a key, a 400 naming the setting when a secret parameter is not empty.
   */
  seal(record: AddonRecord, stored?: AddonRecord): Promise<AddonRecord>;
  /** The record with its sealed parameters opened (to send); a SealedSecretError says why one does not open. */
  open(record: AddonRecord): Promise<AddonRecord>;
  /** The names of the record's secret parameters stored in clear (not empty, not sealed). */
  clearNames(record: AddonRecord): string[];
  /** The names of the record's parameters sealed by a previous key (none without a key). */
  previousKeyNames(record: AddonRecord): Promise<string[]>;
  /**
   * The record with its clear secrets sealed and those sealed by a previous key sealed again with the current
   * one (a rotation's end); a value no key given opens is left as it is.
   */
  reseal(record: AddonRecord): Promise<AddonRecord>;
}

/** What a sealed parameter is bound to: the same text in another integration or parameter does not open. */
const boundTo = (record: AddonRecord, name: string) => `flagadmin integration ${record.id} parameter ${name}`;

const isSecret = (record: AddonRecord, name: string): boolean => isSecretParameter(record.provider, name);

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

// Object.fromEntries defines own properties: a parameter named __proto__ stays a parameter.
const withParameters = (record: AddonRecord, entries: [string, unknown][]): AddonRecord => ({
  ...record,
  parameters: Object.fromEntries(entries),
});

export function integrationSecrets(sealer: SecretSealer | undefined): IntegrationSecrets {
  const clearNames = (record: AddonRecord) =>
    Object.entries(record.parameters)
      .filter(([name, value]) => isSecret(record, name) && filled(value) && !isSealed(value))
      .map(([name]) => name);
  const seal = async (record: AddonRecord, stored?: AddonRecord): Promise<AddonRecord> => {
    const entries: [string, unknown][] = [];
    for (const [name, value] of Object.entries(record.parameters)) {
      const kept = isSealed(value) && stored !== undefined && Object.hasOwn(stored.parameters, name) && stored.parameters[name] === value;
      if (!isSecret(record, name) || !filled(value) || kept) {
        entries.push([name, value]);
        continue;
      }
      if (!sealer) {
        const message = `The parameter ${name} is a secret, and this instance stores no secret in clear: it has no key to seal it with (give ${SECRETS_KEY_SETTING})`;
        throw badData(message, [{ message, path: `/parameters/${name}` }]);
      }
      entries.push([name, await sealer.seal(String(value), boundTo(record, name))]);
    }
    return withParameters(record, entries);
  };
  const previousKeyNames = async (record: AddonRecord) => {
    const names: string[] = [];
    for (const [name, value] of Object.entries(record.parameters))
      if (sealer && isSealed(value) && (await sealer.byPreviousKey(value))) names.push(name);
    return names;
  };
  return {
    sealing: sealer !== undefined,
    clearNames,
    previousKeyNames,
    async reseal(record) {
      const previous = await previousKeyNames(record);
      const entries: [string, unknown][] = [];
      for (const [name, value] of Object.entries(record.parameters)) {
        const plain = previous.includes(name) ? await sealer!.open(String(value), boundTo(record, name)).catch(() => undefined) : undefined;
        entries.push([name, plain === undefined ? value : await sealer!.seal(plain, boundTo(record, name))]);
      }
      const resealed = withParameters(record, entries);
      return seal(resealed, resealed); // what is sealed now stays; what is clear is sealed
    },
    seal,
    async open(record) {
      const entries: [string, unknown][] = [];
      for (const [name, value] of Object.entries(record.parameters)) {
        if (!isSealed(value)) entries.push([name, value]);
        else if (!sealer) throw new SealedSecretError(`the parameter ${name} is sealed and this process was given no secrets key`);
        else {
          try {
            entries.push([name, await sealer.open(value, boundTo(record, name))]);
          } catch (error) {
            throw new SealedSecretError(`the parameter ${name} does not open: ${(error as Error).message}`);
          }
        }
      }
      return withParameters(record, entries);
    },
  };
}
