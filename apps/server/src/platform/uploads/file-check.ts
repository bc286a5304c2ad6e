import { fileTypeFromBuffer } from 'file-type';
import type { AttachmentKind, UploadExtension } from '@portal/contracts/uploads';
import { loadSharp, MAX_IMAGE_PIXELS, sniffImage } from '../../lib/images';
import type { ByteSource } from '../../lib/storage';
import { entryNames, NotAZip, ZipTooLarge } from './zip-reader';

/**
 * What a file is, by its bytes: the extension a member's file has must agree with its content.
 * Binary formats by their signatures (file-type, and lib/images for JPEG and PNG); Office Open XML
 * by the zip's entries (word/, xl/, ppt/); legacy Office by the compound-file signature; text as
 * valid UTF-8 without NUL; MP3 by its ID3 tag or frame sync; MP4 by its ftyp box.
 */

export const MIME: Record<UploadExtension, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};

export function kindOf(extension: UploadExtension): AttachmentKind {
  if (['jpg', 'jpeg', 'png', 'gif'].includes(extension)) return 'image';
  if (extension === 'mp3' || extension === 'mp4') return 'media';
  return 'file';
}

const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const OOXML_PART: Partial<Record<UploadExtension, string>> = {
  docx: 'word/document.xml',
  xlsx: 'xl/workbook.xml',
  pptx: 'ppt/presentation.xml',
};

export function isZipSignature(head: Buffer): boolean {
  return (
    head.length >= 4 &&
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    (head[2] === 0x03 || head[2] === 0x05) &&
    (head[3] === 0x04 || head[3] === 0x06)
  );
}

export function isCfb(head: Buffer): boolean {
  return head.length >= CFB.length && head.subarray(0, CFB.length).equals(CFB);
}

export function isMp3(head: Buffer): boolean {
  if (head.length >= 3 && head.toString('latin1', 0, 3) === 'ID3') return true;
  // An MPEG audio frame header: 11 sync bits, a layer that is not "reserved".
  return head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0;
}

export function isMp4(head: Buffer): boolean {
  return head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp';
}

/** Valid UTF-8 without NUL, read in 1 MB steps (never the whole file at once). */
export async function isUtf8Text(source: ByteSource): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for (let at = 0; at < source.size; ) {
      const chunk = await source.read(at, 1 << 20);
      if (chunk.length === 0) break;
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
      at += chunk.length;
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

async function binaryType(head: Buffer): Promise<string | undefined> {
  return (await fileTypeFromBuffer(head))?.ext;
}

/** Whether the bytes are of the type the extension names. */
export async function contentMatches(source: ByteSource, extension: UploadExtension): Promise<boolean> {
  if (source.size === 0) return false;
  const head = await source.read(0, 4100);
  switch (extension) {
    case 'jpg':
    case 'jpeg':
      return sniffImage(head) === 'jpeg';
    case 'png':
      return sniffImage(head) === 'png';
    case 'gif':
    case 'pdf':
    case 'rar':
    case '7z':
      return (await binaryType(head)) === extension;
    case 'zip':
      return isZipSignature(head);
    case 'doc':
    case 'xls':
    case 'ppt':
      return isCfb(head);
    case 'docx':
    case 'xlsx':
    case 'pptx': {
      if (!isZipSignature(head)) return false;
      try {
        const names = await entryNames(source);
        return names.includes('[Content_Types].xml') && names.includes(OOXML_PART[extension]!);
      } catch (err) {
        if (err instanceof NotAZip || err instanceof ZipTooLarge) return false;
        throw err;
      }
    }
    case 'txt':
      return isUtf8Text(source);
    case 'mp3':
      return isMp3(head);
    case 'mp4':
      return isMp4(head);
  }
}

/**
 * Whether a picture's header reads as the format its bytes announced, within MAX_IMAGE_PIXELS of
 * lib/images, every frame of a GIF counted (sharp reads the header only). `input` is a file path or
 * the bytes.
 */
export async function imageReadable(
  input: string | Buffer,
  extension: 'jpg' | 'jpeg' | 'png' | 'gif',
): Promise<boolean> {
  const sharp = (await loadSharp()).default;
  try {
    const meta = await sharp(input, {
      failOn: 'error',
      limitInputPixels: MAX_IMAGE_PIXELS,
      animated: extension === 'gif',
    }).metadata();
    const format = extension === 'jpg' || extension === 'jpeg' ? 'jpeg' : extension;
    // Every frame of an animation: its height stacks them, pageHeight x pages is the same count.
    const frames = Math.max(meta.height ?? 0, (meta.pageHeight ?? 0) * (meta.pages ?? 1));
    const pixels = (meta.width ?? 0) * frames;
    return meta.format === format && pixels > 0 && pixels <= MAX_IMAGE_PIXELS;
  } catch {
    return false;
  }
}

/** A ByteSource over an in-memory buffer (small things: images inside a Word document, tests). */
export function bufferSource(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: async (start, length) => bytes.subarray(start, start + length),
    close: async () => {},
  };
}
