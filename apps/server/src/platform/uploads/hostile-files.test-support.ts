import { makeDocx, PNG, pngSaying } from './uploads.test-support';

/**
 * Hostile files, made in code (no binaries in git), for the upload and import tests and the fuzz
 * test: documents that are small to send and costly to convert, pictures that are small to send and
 * huge to decode. Each says what it is built to exhaust.
 */

/** A .docx of a few KB whose body unpacks to ~1.5 MB of `count` tiny paragraphs (the report's flood). */
export function paragraphFloodDocx(count = 30_000): Buffer {
  return makeDocx({ paragraphs: Array.from({ length: count }, (_, i) => String(i % 10)) });
}

/** One table of `count` cells (a row of 100 cells, repeated). */
export function cellFloodDocx(count = 30_000): Buffer {
  const row = `<w:tr>${'<w:tc></w:tc>'.repeat(100)}</w:tr>`;
  return makeDocx({ paragraphs: ['cells'], bodyXml: `<w:tbl>${row.repeat(Math.ceil(count / 100))}</w:tbl>` });
}

/** A table inside a table, `levels` deep. */
export function nestedTableDocx(levels = 100): Buffer {
  const open = '<w:tbl><w:tr><w:tc>';
  const close = '<w:p/></w:tc></w:tr></w:tbl>';
  return makeDocx({ paragraphs: ['nested'], bodyXml: open.repeat(levels) + '<w:p/>' + close.repeat(levels) });
}

/** A paragraph on list level `level` (Word stops at 8). */
export function deepListDocx(level = 100): Buffer {
  return makeDocx({
    paragraphs: ['list'],
    bodyXml: `<w:p><w:pPr><w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>item</w:t></w:r></w:p>`,
  });
}

/**
 * A document within every count whose conversion still takes memory: `paragraphs` paragraphs of
 * `chars` characters each, in runs of many formats (mammoth keeps a tree of it all). For the memory
 * limit's test, with a tiny DOCUMENT_WORK_MEMORY_MB.
 */
export function heavyDocx(paragraphs = 15_000, chars = 200): Buffer {
  const text = 'storage '.repeat(Math.ceil(chars / 8)).slice(0, chars);
  const run = `<w:r><w:rPr><w:b/><w:i/><w:u w:val="single"/></w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;
  return makeDocx({ paragraphs: [], bodyXml: `<w:p>${run}${run}</w:p>`.repeat(paragraphs) });
}

/** A 1x1 PNG whose header declares `width` x `height` (20,000 x 20,000 = 400 megapixels by default). */
export function pixelFloodPng(width = 20_000, height = 20_000): Buffer {
  return pngSaying(width, height);
}

/**
 * A GIF of a few dozen bytes whose screen and one frame declare `width` x `height` (a GIF's sizes are
 * 16-bit: at most 65,535).
 */
export function pixelFloodGif(width = 20_000, height = 20_000): Buffer {
  const gif = Buffer.from(tinyGif());
  gif.writeUInt16LE(width, 6);
  gif.writeUInt16LE(height, 8);
  // The image descriptor: ',' left top width height.
  const descriptor = gif.indexOf(0x2c, 13);
  gif.writeUInt16LE(width, descriptor + 5);
  gif.writeUInt16LE(height, descriptor + 7);
  return gif;
}

/** A real 1x1 GIF followed by `tail` after its trailer (a file riding along with a picture). */
export function gifWithTail(tail = Buffer.from('PK\u0003\u0004 a zip riding along after the picture')): Buffer {
  return Buffer.concat([tinyGif(), tail]);
}

/** A PNG followed by `tail` after its IEND chunk. */
export function pngWithTail(tail = Buffer.from('a file riding along after the picture')): Buffer {
  return Buffer.concat([PNG, tail]);
}

/** A 1x1 GIF89a (global colour table of 2, one frame, trailer 0x3b). */
function tinyGif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
}

/** A real animated GIF of `frames` frames of `size` x `size` pixels (for checking that a redraw keeps them). */
export async function animatedGif(frames = 2, size = 4): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const colours = ['#ff0000', '#0000ff', '#00ff00'];
  const pictures = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width: size, height: size, channels: 3, background: colours[i % colours.length]! } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pictures, { join: { animated: true } })
    .gif()
    .toBuffer();
}
