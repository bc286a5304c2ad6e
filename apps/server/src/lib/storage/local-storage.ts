import fs from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, type ByteSource, type StorageDriver } from './storage';

/** Attachments and public pictures on the local disk, under DATA_DIR/uploads/…; never overwritten. */
export function localStorage(uploadsDir: string): StorageDriver {
  const root = path.resolve(uploadsDir);
  function fileOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, key);
  }
  return {
    name: 'local',
    storage: 1,
    async putFile(key, filePath) {
      const target = fileOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.link(filePath, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await fs.copyFile(filePath, target, fs.constants.COPYFILE_EXCL);
      }
      await fs.rm(filePath, { force: true });
    },
    async putBytes(key, bytes) {
      const target = fileOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes, { flag: 'wx' });
    },
    async open(key): Promise<ByteSource | null> {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(fileOf(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const { size } = await handle.stat();
      return {
        size,
        async read(start, length) {
          const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
          return buffer.subarray(0, bytesRead);
        },
        close: () => handle.close(),
      };
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** The file of a key on disk (for streaming downloads). */
export function localFileOf(uploadsDir: string, key: string): string {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
  return path.join(path.resolve(uploadsDir), key);
}
