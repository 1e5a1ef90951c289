export { toNodeListener, DEFAULT_BODY_LIMIT } from './listener.js';
export { createServer } from './server.js';
export { DEFAULT_HEADERS_TIMEOUT, DEFAULT_KEEP_ALIVE_TIMEOUT, DEFAULT_REQUEST_TIMEOUT } from './timeouts.js';
export type { TimeoutOptions } from './timeouts.js';
export { serve } from './serve.js';
export { PayloadTooLargeError } from './body-limit-error.js';
export type {
  CreateServerOptions,
  ErrorLogDetails,
  FetchHandler,
  ListenerOptions,
  Logger,
  NextFunction,
  NodeListener,
  NodeRequest,
  ServeOptions,
  ServeResult,
} from './types.js';
export { plainHandlerOf } from './plain.js';
export { negotiate as negotiateEncoding } from './compression.js';
export type { CompressionOptions, Encoding } from './compression.js';
export type { PlainHandler, PlainRequest, PlainResponse } from './plain.js';
export { scryptPasswordHasher } from './password-hasher.js';
export { nodeSha256Hex } from './sha256-hex.js';
export type { PasswordHasher, ScryptCost } from './password-hasher.js';
