export { memoryStorage } from './memory-storage';
