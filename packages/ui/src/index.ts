export { createUiHandler } from './handler';
export type { UiHandler, UiHandlerOptions } from './handler';
export { withUi } from './with-ui';
export type { FetchHandler } from './with-ui';
export { CONTENT_SECURITY_POLICY } from './headers';
export type { ClientAsset } from './asset';
