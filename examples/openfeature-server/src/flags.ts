// A flag client for a Node service: OpenFeature's server SDK with the OFREP provider, pointed at
// flagadmin's /ofrep/v1 routes. Each evaluation is one request to flagadmin, answered from what the
// server holds (no polling, no local copy): the service always sees the flags as they are now.
import { OFREPProvider } from '@openfeature/ofrep-provider';
import { OpenFeature, type Client } from '@openfeature/server-sdk';

export interface FlagsOptions {
  /** flagadmin's address, e.g. `http://127.0.0.1:4242` (OFREP is under `/ofrep/v1`). */
  readonly url: string;
  /** A client key (`*:development.<hex>` or a project's): it decides the environment and projects read. */
  readonly key: string;
  /** The OpenFeature domain the provider is bound to (one per flagadmin instance the service reads). */
  readonly domain?: string;
}

/** Binds an OFREP provider for `url` to the domain and answers its client. */
export async function connectFlags(options: FlagsOptions): Promise<Client> {
  const domain = options.domain ?? 'flagadmin';
  const provider = new OFREPProvider({ baseUrl: options.url, headers: { Authorization: options.key } });
  await OpenFeature.setProviderAndWait(domain, provider);
  return OpenFeature.getClient(domain);
}

/** Unbinds every provider (end of the service, end of a test). */
export async function disconnectFlags(): Promise<void> {
  await OpenFeature.clearProviders();
}
