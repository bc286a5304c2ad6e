import { describe, expect, it } from 'vitest';
import { bufferSource, contentMatches, imageReadable } from './file-check';
import { CFB_DOC, GIF, makeDocx, makeXlsx, makeZip, MP3, MP4, PDF, PNG, pngSaying } from './uploads.test-support';

const matches = (bytes: Buffer, ext: Parameters<typeof contentMatches>[1]) => contentMatches(bufferSource(bytes), ext);

describe('file types by content', () => {
  it('accepts each type whose bytes are what the extension says', async () => {
    expect(await matches(PNG, 'png')).toBe(true);
    expect(await matches(GIF, 'gif')).toBe(true);
    expect(await matches(PDF, 'pdf')).toBe(true);
    expect(await matches(CFB_DOC, 'doc')).toBe(true);
    expect(await matches(CFB_DOC, 'xls')).toBe(true);
    expect(await matches(makeDocx({ paragraphs: ['hi'] }), 'docx')).toBe(true);
    expect(await matches(makeXlsx(), 'xlsx')).toBe(true);
    expect(await matches(makeZip([{ name: 'a.txt', data: 'a' }]), 'zip')).toBe(true);
    expect(await matches(Buffer.from('plain text, 中文\n'), 'txt')).toBe(true);
    expect(await matches(MP3, 'mp3')).toBe(true);
    expect(await matches(MP4, 'mp4')).toBe(true);
  });

  it('refuses lying extensions, empty files and binary text', async () => {
    expect(await matches(PNG, 'pdf')).toBe(false);
    expect(await matches(Buffer.from('just text'), 'png')).toBe(false);
    expect(await matches(PNG, 'jpg')).toBe(false);
    expect(await matches(Buffer.alloc(0), 'txt')).toBe(false);
    expect(await matches(Buffer.from([0x61, 0, 0x62]), 'txt')).toBe(false);
    expect(await matches(Buffer.from([0xc3, 0x28]), 'txt')).toBe(false);
    // A Word document named as a workbook, a plain zip named docx, a .doc renamed .docx.
    expect(await matches(makeDocx({ paragraphs: ['hi'] }), 'xlsx')).toBe(false);
    expect(await matches(makeZip([{ name: 'a.txt', data: 'a' }]), 'docx')).toBe(false);
    expect(await matches(CFB_DOC, 'docx')).toBe(false);
    expect(await matches(PDF, 'mp4')).toBe(false);
    expect(await matches(PNG, 'mp3')).toBe(false);
  });
});

describe('pictures are read by their header', () => {
  it('accepts real pictures and refuses pixel bombs, bare signatures and another format', async () => {
    expect(await imageReadable(PNG, 'png')).toBe(true);
    expect(await imageReadable(GIF, 'gif')).toBe(true);
    expect(await imageReadable(pngSaying(2, 2), 'png')).toBe(true);
    expect(await imageReadable(pngSaying(100_000, 100_000), 'png')).toBe(false);
    expect(await imageReadable(Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(50, 7)]), 'png')).toBe(false);
    expect(await imageReadable(PNG, 'gif')).toBe(false);
  });
});
