export { startServer } from './start';
export type { RunningServer, StartServerOptions } from './start';
export { parseConfig, ConfigError, LOG_LEVELS, DEFAULT_PORT, DEFAULT_HOST, DEFAULT_DATA_DIR } from './config';
export { USAGE } from './usage';
export type { LogLevel, ParsedCommand, ServerConfig } from './config';
export { seedDemo, isEmptyData } from './demo';
export { demoCurls } from './demo-curls';
export type { DemoData } from './demo';
