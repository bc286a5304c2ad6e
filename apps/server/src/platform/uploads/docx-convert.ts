import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_RULE, type UploadExtension } from '@portal/contracts/uploads';
import { sanitizeRichText } from '../../lib/sanitize';
import { countDocxBody, DocxMalformed, DocxTooComplex, type DocxCountLimit } from './docx-counts';
import { bufferSource, contentMatches } from './file-check';
import { fileSource } from './file-source';
import { NotAZip, readEntry } from './zip-reader';

/**
 * The Word import's heavy part, run in a document worker (lib/document-work, task
 * `convertWordDocument` of src/document-worker.ts), never on the heap that serves requests: the
 * body is counted as it streams out of the zip (docx-counts), then mammoth (external file access
 * off) converts it and the HTML is sanitised. Embedded pictures of an image type (by content, at most
 * UPLOAD_RULE.docxMaxImages, each within `imageMaxBytes`) are written to files in `incomingDir` and
 * stand in the HTML as `<img src="{placeholder}{index}">`; the request's side checks, redraws and
 * stores them (docx-import.ts). Anything else is left out.
 */

export interface WordConversionInput {
  docxPath: string;
  incomingDir: string;
  imageMaxBytes: number;
  /** A relative path unique to the import (the sanitiser keeps it), followed by the picture's index. */
  placeholder: string;
}

export interface ConvertedImage {
  file: string;
  ext: 'png' | 'jpg' | 'gif';
  /** Which picture of the document it was (1-based, skipped ones counted). */
  number: number;
}

/** A refusal as a catalogue key of `upload.api` (errors crossing threads lose their class). */
export type WordConversion =
  | { ok: true; html: string; images: ConvertedImage[] }
  | { ok: false; refusal: string; vars?: Record<string, number> };

const IMAGE_TYPES = ['png', 'jpg', 'gif'] as const satisfies UploadExtension[];

const REFUSAL_OF: Record<DocxCountLimit, string> = {
  paragraphs: 'docxTooManyParagraphs',
  cells: 'docxTooManyCells',
  nesting: 'docxTooDeep',
  depth: 'docxTooComplex',
};

export async function convertWordDocument(input: WordConversionInput): Promise<WordConversion> {
  const unreadable: WordConversion = { ok: false, refusal: 'docxUnreadable' };
  const source = await fileSource(input.docxPath);
  try {
    const found = await readEntry(source, 'word/document.xml', async (stream) => {
      await countDocxBody(stream);
    });
    if (!found) return unreadable;
  } catch (err) {
    if (err instanceof DocxTooComplex) {
      return { ok: false, refusal: REFUSAL_OF[err.limit], ...(err.limit === 'depth' ? {} : { vars: { n: err.max } }) };
    }
    if (err instanceof DocxMalformed || err instanceof NotAZip) return unreadable;
    throw err;
  } finally {
    await source.close();
  }

  const { default: mammoth } = await import('mammoth');
  const images: ConvertedImage[] = [];
  let seen = 0;
  const convertImage = mammoth.images.imgElement(async (image) => {
    const number = ++seen;
    try {
      if (number > UPLOAD_RULE.docxMaxImages) return { src: '' };
      const bytes = await image.readAsBuffer();
      if (bytes.length === 0 || bytes.length > input.imageMaxBytes) return { src: '' };
      let ext: ConvertedImage['ext'] | undefined;
      for (const candidate of IMAGE_TYPES) {
        if (await contentMatches(bufferSource(bytes), candidate)) {
          ext = candidate;
          break;
        }
      }
      if (!ext) return { src: '' };
      const file = path.join(input.incomingDir, crypto.randomBytes(16).toString('hex'));
      await fsp.writeFile(file, bytes, { flag: 'wx' });
      images.push({ file, ext, number });
      return { src: `${input.placeholder}${images.length - 1}` };
    } catch {
      // An external (linked) picture cannot be read with external file access off: left out.
      return { src: '' };
    }
  });
  try {
    const result = await mammoth.convertToHtml({ path: input.docxPath }, { convertImage, externalFileAccess: false });
    return { ok: true, html: sanitizeRichText(result.value.replace(/<img src=""[^>]*>/g, '')), images };
  } catch {
    await Promise.all(images.map((image) => fsp.rm(image.file, { force: true })));
    return unreadable;
  }
}
