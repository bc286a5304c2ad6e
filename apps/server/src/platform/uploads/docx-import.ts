import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { UPLOAD_RULE, type UploadExtension } from '@portal/contracts/uploads';
import type { Lang } from '@portal/contracts/sites';
import { sanitizeRichText } from '../../lib/sanitize';
import { newStorageKey, type StorageDriver } from '../../lib/storage';
import { bufferSource, contentMatches, imageReadable, isZipSignature, MIME } from './file-check';
import {
  cleanFileName,
  extensionOf,
  fileRefusal,
  fileSource,
  MB,
  withoutMetadata,
  type UploadsService,
} from './uploads.service';
import { entryNames, inflatedSize, NotAZip, ZipTooLarge } from './zip-reader';

/** At most this many pictures of one document become attachments; the rest are left out. */
const MAX_IMAGES = 50;
const IMAGE_TYPES: UploadExtension[] = ['png', 'jpg', 'gif'];

/**
 * Word import: a .docx only (by name and by content: a zip with word/document.xml; a .doc renamed
 * .docx is a compound file and refused the same way). Before mammoth reads it, every entry is
 * inflated as a stream and counted, so a zip bomb is refused as it passes 50 MB, whatever sizes it
 * declares. Mammoth (1.13, external file access off) turns it into HTML; its embedded pictures are
 * checked by content and stored as the member's image attachments; linked pictures are never
 * fetched or read. The HTML is sanitised like every rich text.
 */
export async function importWordDocument(opts: {
  uploads: UploadsService;
  storage: StorageDriver;
  lang: Lang;
  ownerId: number;
  part: { filename: string; file: Readable };
  mb: number;
  imageMb: number;
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

    // Loaded on the first import only: most processes never convert a Word document, and mammoth
    // with its XML and zip readers is some 12 MB of memory.
    const { default: mammoth } = await import('mammoth');
    let images = 0;
    const convertImage = mammoth.images.imgElement(async (image) => {
      try {
        if (++images > MAX_IMAGES) return { src: '' };
        const bytes = await image.readAsBuffer();
        if (bytes.length === 0 || bytes.length > opts.imageMb * MB) return { src: '' };
        let ext: UploadExtension | undefined;
        for (const candidate of IMAGE_TYPES) {
          if (await contentMatches(bufferSource(bytes), candidate)) {
            ext = candidate;
            break;
          }
        }
        if (!ext || !(await imageReadable(bytes, ext as 'jpg' | 'png' | 'gif'))) return { src: '' };
        const file = path.join(uploads.incomingDir, crypto.randomBytes(16).toString('hex'));
        await fsp.writeFile(file, bytes, { flag: 'wx' });
        const key = newStorageKey(ext);
        let size: number;
        try {
          size = await withoutMetadata(file, ext, bytes.length);
          await opts.storage.putFile(key, file, size, MIME[ext]);
        } finally {
          await fsp.rm(file, { force: true });
        }
        const data = await uploads.register(opts.ownerId, key, `image-${images}.${ext}`, ext, size, Date.now());
        return { src: data.address };
      } catch {
        // An external (linked) picture cannot be read with external file access off: left out.
        return { src: '' };
      }
    });
    let html: string;
    try {
      const result = await mammoth.convertToHtml({ path: tmpPath }, { convertImage, externalFileAccess: false });
      html = result.value;
    } catch {
      throw fileRefusal(lang, 400, 'docxUnreadable');
    }
    return { html: sanitizeRichText(html.replace(/<img src=""[^>]*>/g, '')) };
  } finally {
    await fsp.rm(tmpPath, { force: true });
  }
}
