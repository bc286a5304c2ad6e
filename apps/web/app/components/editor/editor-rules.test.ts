import { describe, expect, it } from 'vitest';
import {
  acceptOf,
  countWords,
  displayLink,
  extensionOf,
  fileFromDataUrl,
  hasType,
  isDocx,
  isLocalImageSource,
  normaliseColour,
  normaliseFontSize,
  PICKER_TYPES,
  safeLink,
} from './editor-rules';

describe('countWords', () => {
  it('counts nothing in blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  \n\t ')).toBe(0);
  });

  it('counts Latin words split by whitespace and punctuation', () => {
    expect(countWords('Hello world')).toBe(2);
    expect(countWords('one,two;three.four')).toBe(4);
    expect(countWords('  spaced   out  ')).toBe(2);
  });

  it('keeps apostrophes, hyphens and decimal points inside one word', () => {
    expect(countWords("don't stop e-mail 3.14")).toBe(4);
  });

  it('counts each CJK character as one word and not the punctuation', () => {
    expect(countWords('数据存储')).toBe(4);
    expect(countWords('你好，世界。')).toBe(4);
    expect(countWords('こんにちは')).toBe(5);
    expect(countWords('한국어')).toBe(3);
  });

  it('adds CJK characters and Latin words in mixed text', () => {
    expect(countWords('我们使用 Ceph 和 MinIO 存储')).toBe(4 + 1 + 1 + 1 + 2);
    expect(countWords('分布式storage系统')).toBe(3 + 1 + 2);
  });

  it('counts numbers as words', () => {
    expect(countWords('2026 年 11 月')).toBe(4);
  });
});

describe('displayLink', () => {
  it('shows a link of up to 30 characters whole', () => {
    const thirty = 'https://example.com/abcdefghij'; // 30
    expect(thirty).toHaveLength(30);
    expect(displayLink(thirty)).toBe(thirty);
  });

  it('cuts a link over 30 characters to its first 20', () => {
    const long = 'https://example.com/abcdefghijk'; // 31
    expect(displayLink(long)).toBe('https://example.com/…');
    expect(Array.from(displayLink(long).replace('…', ''))).toHaveLength(20);
  });
});

describe('normaliseFontSize', () => {
  it('keeps 12 to 72 px', () => {
    expect(normaliseFontSize('12px')).toBe('12px');
    expect(normaliseFontSize(' 72px ')).toBe('72px');
  });
  it('drops other sizes and units', () => {
    expect(normaliseFontSize('11px')).toBeNull();
    expect(normaliseFontSize('73px')).toBeNull();
    expect(normaliseFontSize('2em')).toBeNull();
    expect(normaliseFontSize('16px; position: fixed')).toBeNull();
    expect(normaliseFontSize(null)).toBeNull();
  });
});

describe('normaliseColour', () => {
  it('keeps hex and rgb colours as #rrggbb', () => {
    expect(normaliseColour('#F5222D')).toBe('#f5222d');
    expect(normaliseColour('#abc')).toBe('#aabbcc');
    expect(normaliseColour('rgb(255, 0, 16)')).toBe('#ff0010');
  });
  it('drops anything else', () => {
    expect(normaliseColour('red')).toBeNull();
    expect(normaliseColour('rgb(256,0,0)')).toBeNull();
    expect(normaliseColour('url(javascript:alert(1))')).toBeNull();
  });
});

describe('file types', () => {
  it('reads the lower-case extension', () => {
    expect(extensionOf('Report.DOCX')).toBe('docx');
    expect(extensionOf('archive.tar.7z')).toBe('7z');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });

  it('offers the spec’s picker types', () => {
    expect(PICKER_TYPES.image).toEqual(['jpg', 'jpeg', 'png', 'gif']);
    expect(PICKER_TYPES.media).toEqual(['mp3', 'mp4']);
    expect(PICKER_TYPES.file).toEqual([
      'pdf',
      'txt',
      'zip',
      'rar',
      '7z',
      'doc',
      'docx',
      'xls',
      'xlsx',
      'ppt',
      'pptx',
      'mp3',
      'mp4',
    ]);
    expect(acceptOf(PICKER_TYPES.media)).toBe('.mp3,.mp4');
  });

  it('checks a name against a type list', () => {
    expect(hasType('a.PNG', PICKER_TYPES.image)).toBe(true);
    expect(hasType('a.webp', PICKER_TYPES.image)).toBe(false);
    expect(hasType('png', PICKER_TYPES.image)).toBe(false);
  });

  it('imports .docx only', () => {
    expect(isDocx('paper.docx')).toBe(true);
    expect(isDocx('paper.doc')).toBe(false);
    expect(isDocx('paper.docx.pdf')).toBe(false);
  });
});

describe('safeLink', () => {
  it('keeps web, mail and site-relative links', () => {
    expect(safeLink(' https://a.example/x ')).toBe('https://a.example/x');
    expect(safeLink('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeLink('/zh/discuss/list')).toBe('/zh/discuss/list');
    expect(safeLink('example.com/page')).toBe('https://example.com/page');
  });
  it('refuses scripts, data and protocol-relative links', () => {
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeLink('data:text/html,x')).toBeNull();
    expect(safeLink('//evil.example')).toBeNull();
    expect(safeLink('')).toBeNull();
  });
});

describe('pasted local images', () => {
  it('knows which sources are local', () => {
    expect(isLocalImageSource('data:image/png;base64,AAA')).toBe(true);
    expect(isLocalImageSource('file:///C:/Users/a/img.png')).toBe(true);
    expect(isLocalImageSource('blob:https://x/1')).toBe(true);
    expect(isLocalImageSource('https://cdn.example/a.png')).toBe(false);
  });

  it('turns a base64 data URL into a file', async () => {
    const file = fileFromDataUrl('data:image/png;base64,iVBORw0KGgo=');
    expect(file?.name).toBe('pasted.png');
    expect(file?.type).toBe('image/png');
    expect(new Uint8Array(await file!.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect(fileFromDataUrl('data:text/html;base64,PHA+')).toBeNull();
  });
});
