import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { ByteSource } from '../../lib/storage';

/**
 * Zip archives read through a ByteSource (a file on disk or ranged GETs on S3): the central
 * directory is read from the end, entries inflated one at a time as streams. Declared sizes are
 * never trusted for limits: bytes are counted as they come out.
 */

class SourceReader extends yauzl.RandomAccessReader {
  constructor(private readonly source: ByteSource) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    const source = this.source;
    let position = start;
    return new Readable({
      async read() {
        if (position >= end) return void this.push(null);
        try {
          const chunk = await source.read(position, Math.min(end - position, 1 << 20));
          if (chunk.length === 0) return void this.destroy(new Error('unexpected end of the archive'));
          position += chunk.length;
          this.push(chunk);
        } catch (err) {
          this.destroy(err as Error);
        }
      },
    });
  }
}

export class NotAZip extends Error {}
export class ZipTooLarge extends Error {}

/** `validateEntrySizes: false` lets the caller count what comes out instead of failing at a lying size. */
export function openZip(source: ByteSource, validateEntrySizes = true): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      new SourceReader(source),
      source.size,
      { lazyEntries: true, autoClose: false, validateEntrySizes, strictFileNames: false },
      (err, zip) => (err ? reject(new NotAZip(err.message)) : resolve(zip)),
    );
  });
}

/** Walks the entries in order; `visit` may answer false to stop. At most `maxEntries` are read. */
export function eachEntry(
  zip: yauzl.ZipFile,
  visit: (entry: yauzl.Entry) => Promise<boolean | void> | boolean | void,
  maxEntries = 10_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = 0;
    zip.on('error', (err: Error) => reject(new NotAZip(err.message)));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      seen += 1;
      if (seen > maxEntries) return reject(new ZipTooLarge(`more than ${maxEntries} entries`));
      Promise.resolve(visit(entry)).then((goOn) => (goOn === false ? resolve() : zip.readEntry()), reject);
    });
    zip.readEntry();
  });
}

/** The entry names (directory only, nothing inflated). */
export async function entryNames(source: ByteSource, maxEntries = 10_000): Promise<string[]> {
  const zip = await openZip(source);
  try {
    const names: string[] = [];
    await eachEntry(
      zip,
      (entry) => {
        names.push(entry.fileName);
      },
      maxEntries,
    );
    return names;
  } finally {
    zip.close();
  }
}

/**
 * Inflates every entry, counting the bytes that actually come out; refuses (ZipTooLarge) as soon
 * as the total passes `maxBytes`, without keeping any of them. Answers the total.
 */
export async function inflatedSize(source: ByteSource, maxBytes: number): Promise<number> {
  const zip = await openZip(source, false);
  let total = 0;
  try {
    await eachEntry(zip, async (entry) => {
      if (entry.fileName.endsWith('/')) return;
      if (entry.isEncrypted()) throw new NotAZip('encrypted entry');
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err ? reject(new NotAZip(err.message)) : resolve(s))),
      );
      try {
        for await (const chunk of stream) {
          total += (chunk as Buffer).length;
          if (total > maxBytes) throw new ZipTooLarge(`inflates past ${maxBytes} bytes`);
        }
      } catch (err) {
        stream.destroy();
        throw err instanceof ZipTooLarge ? err : new NotAZip((err as Error).message);
      }
    });
    return total;
  } finally {
    zip.close();
  }
}

/**
 * Inflates the entry named `fileName` as a stream for `consume` (the first of that name); answers
 * false when there is none. The stream is destroyed if `consume` stops early.
 */
export async function readEntry(
  source: ByteSource,
  fileName: string,
  consume: (stream: Readable) => Promise<void>,
): Promise<boolean> {
  const zip = await openZip(source, false);
  let found = false;
  try {
    await eachEntry(zip, async (entry) => {
      if (entry.fileName !== fileName) return true;
      if (entry.isEncrypted()) throw new NotAZip('encrypted entry');
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err ? reject(new NotAZip(err.message)) : resolve(s))),
      );
      found = true;
      try {
        await consume(stream);
      } finally {
        stream.destroy();
      }
      return false;
    });
    return found;
  } finally {
    zip.close();
  }
}
