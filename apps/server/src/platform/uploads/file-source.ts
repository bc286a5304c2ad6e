import fsp from 'node:fs/promises';
import type { ByteSource } from '../../lib/storage';

/** A ByteSource over a file on disk. */
export async function fileSource(filePath: string): Promise<ByteSource> {
  const handle = await fsp.open(filePath, 'r');
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
}
