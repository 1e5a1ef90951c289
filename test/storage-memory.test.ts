import { memoryStorage } from '@flagadmin/storage-memory';
import { storageContract } from './storage-contract';

storageContract('storage-memory contract', {
  open: async () => {
    const storage = memoryStorage();
    return { storage, cleanup: () => storage.close() };
  },
});
