export * from './records';
export * from './storage';
