import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { STATUS } from '@portal/contracts/envelope';
import { UPLOAD_RULE } from '@portal/contracts/uploads';
import type { Lang } from '@portal/contracts/sites';
import { ApiError } from '../../http/api-error';
import { DocumentWorkRefused, type DocumentWork } from '../../lib/document-work/document-work';
import { newStorageKey, type StorageDriver } from '../../lib/storage';
import type { ConvertedImage, convertWordDocument, WordConversion } from './docx-convert';
import { imageReadable, isZipSignature, MIME } from './file-check';
import { fileSource } from './file-source';
import { cleanFileName, extensionOf, fileRefusal, MB, withoutMetadata, type UploadsService } from './uploads.service';
import { entryNames, inflatedSize, NotAZip, ZipTooLarge } from './zip-reader';

/** How long a member is asked to wait when the document workers' queue is full. */
const BUSY_RETRY_SECONDS = 10;

/**
 * 503 with Retry-After: every document worker is busy and the queue is full. The spec's refusal
 * status (as a 429's), so the page shows the message.
 */
function busyRefusal() {
  const seconds = BUSY_RETRY_SECONDS;
  return new ApiError(503, STATUS.refused, 'upload.api.docxBusy', {}, { retry_after_seconds: seconds }, seconds);
}

/** A picture of the document, checked by content, redrawn without metadata, stored and registered; null if it fails. */
async function storeImage(
  opts: { uploads: UploadsService; storage: StorageDriver; ownerId: number },
  image: ConvertedImage,
): Promise<string | null> {
  try {
    const { size } = await fsp.stat(image.file);
    if (!(await imageReadable(image.file, image.ext))) return null;
    const key = newStorageKey(image.ext);
    const stored = await withoutMetadata(image.file, image.ext, size);
    await opts.storage.putFile(key, image.file, stored, MIME[image.ext]);
    const data = await opts.uploads.register(
      opts.ownerId,
      key,
      `image-${image.number}.${image.ext}`,
      image.ext,
      stored,
      Date.now(),
    );
    return data.address;
  } catch {
    return null;
  }
}

/**
 * Word import: a .docx only (by name and by content: a zip with word/document.xml; a .doc renamed
 * .docx is a compound file and refused the same way). Before mammoth reads it, every entry is
 * inflated as a stream and counted, so a zip bomb is refused as it passes 50 MB, whatever sizes it
 * declares. Then, in a document worker (docx-convert.ts, off the request's heap, within its memory
 * and time limits), the body is counted against UPLOAD_RULE's limits and mammoth (1.13, external
 * file access off) turns it into HTML, sanitised like every rich text. Its embedded pictures come
 * back as files: each is checked by content, redrawn and stored here as the member's image
 * attachment (a picture that fails is left out); linked pictures are never fetched or read.
 */
export async function importWordDocument(opts: {
  uploads: UploadsService;
  storage: StorageDriver;
  lang: Lang;
  ownerId: number;
  part: { filename: string; file: Readable };
  mb: number;
  imageMb: number;
  work: DocumentWork;
}): Promise<{ html: string }> {
  const { uploads, lang } = opts;
  const docxOnly = () => fileRefusal(lang, 400, 'docxOnly');
  if (extensionOf(cleanFileName(opts.part.filename)) !== 'docx') {
    opts.part.file.resume();
    throw docxOnly();
  }
  const { tmpPath } = await uploads.receive(opts.part.file, lang, opts.mb);
  try {
    const source = await fileSource(tmpPath);
    try {
      if (!isZipSignature(await source.read(0, 8))) throw docxOnly();
      const names = await entryNames(source).catch((): string[] => []);
      if (!names.includes('word/document.xml')) throw docxOnly();
      await inflatedSize(source, UPLOAD_RULE.docxMaxInflatedBytes);
    } catch (err) {
      if (err instanceof ZipTooLarge) {
        throw fileRefusal(lang, 400, 'docxTooLarge', { n: UPLOAD_RULE.docxMaxInflatedBytes / MB });
      }
      if (err instanceof NotAZip) throw fileRefusal(lang, 400, 'docxUnreadable');
      throw err;
    } finally {
      await source.close();
    }

    const placeholder = `/docx-image/${crypto.randomBytes(9).toString('base64url')}/`;
    let converted: WordConversion;
    try {
      converted = await opts.work.run<typeof convertWordDocument>('convertWordDocument', {
        docxPath: tmpPath,
        incomingDir: uploads.incomingDir,
        imageMaxBytes: opts.imageMb * MB,
        placeholder,
      });
    } catch (err) {
      if (err instanceof DocumentWorkRefused && err.reason === 'busy') throw busyRefusal();
      if (err instanceof DocumentWorkRefused) throw fileRefusal(lang, 400, 'docxTooComplex');
      throw err;
    }
    if (!converted.ok) throw fileRefusal(lang, 400, converted.refusal, converted.vars);
    const addresses: Array<string | null> = [];
    try {
      for (const image of converted.images) addresses.push(await storeImage(opts, image));
    } finally {
      await Promise.all(converted.images.map((image) => fsp.rm(image.file, { force: true })));
    }
    const marked = new RegExp(`<img\\b[^>]*?\\bsrc="${placeholder}(\\d+)"[^>]*>`, 'g');
    return {
      html: converted.html.replace(marked, (tag, index: string) => {
        const address = addresses[Number(index)];
        return address ? tag.replace(`${placeholder}${index}`, address) : '';
      }),
    };
  } finally {
    await fsp.rm(tmpPath, { force: true });
  }
}
