import { createAdmin, type Admin } from './admin/admin';
import type { AdminOptions } from './runtime/context';
import { createHandler, type FetchHandler } from './http/fetch-handler';
import type { HandlerOptions } from './http/plain';

/** The admin operations and their HTTP handler, from one set of options. */
export function createFlagadmin(options: AdminOptions & { bodyLimit?: number }): { admin: Admin; handle: FetchHandler } {
  const admin = createAdmin(options);
  const handlerOptions: HandlerOptions = { admin };
  if (options.bodyLimit !== undefined) handlerOptions.bodyLimit = options.bodyLimit;
  if (options.logger) handlerOptions.logger = options.logger;
  return { admin, handle: createHandler(handlerOptions) };
}
