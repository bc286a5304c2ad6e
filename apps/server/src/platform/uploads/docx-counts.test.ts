import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { countDocxBody, docxCounter, DocxMalformed, DocxTooComplex, type DocxCountLimits } from './docx-counts';

const LIMITS: DocxCountLimits = { paragraphs: 5, cells: 4, nesting: 2, depth: 12 };

function count(xml: string, limits = LIMITS) {
  const counter = docxCounter(limits);
  counter.write(xml);
  return counter.counts;
}

function refusal(xml: string, limits = LIMITS) {
  try {
    count(xml, limits);
  } catch (err) {
    if (err instanceof DocxTooComplex) return `${err.limit} ${err.max}`;
    if (err instanceof DocxMalformed) return 'malformed';
    throw err;
  }
  return 'none';
}

const body = (inner: string) => `<?xml version="1.0"?><w:document><w:body>${inner}</w:body></w:document>`;

describe('counting a Word body as it streams', () => {
  it('counts paragraphs, cells, table nesting, list levels and depth, whatever the prefix', () => {
    const xml = body(
      '<w:p><w:pPr><w:numPr><w:ilvl w:val="1"/></w:numPr></w:pPr><w:r><w:t>a &lt; b</w:t></w:r></w:p>' +
        '<x:tbl><x:tr><x:tc><x:p/></x:tc><x:tc><w:tbl><w:tr><w:tc><w:p>in</w:p></w:tc></w:tr></w:tbl></x:tc></x:tr></x:tbl>' +
        '<w:pPr/><w:p w:rsidR="00AB"><!-- <w:p> in a comment --><![CDATA[<w:p>]]></w:p>',
    );
    expect(count(xml)).toEqual({ paragraphs: 4, cells: 3, nesting: 2, depth: 9 });
  });

  it('refuses past each limit, naming it', () => {
    expect(refusal(body('<w:p/>'.repeat(6)))).toBe('paragraphs 5');
    expect(refusal(body(`<w:tbl><w:tr>${'<w:tc></w:tc>'.repeat(5)}</w:tr></w:tbl>`))).toBe('cells 4');
    expect(refusal(body('<w:tbl><w:tr><w:tc>'.repeat(3)))).toBe('nesting 2');
    expect(refusal(body('<w:p><w:pPr><w:numPr><w:ilvl w:val="2"/></w:numPr></w:pPr></w:p>'))).toBe('nesting 2');
    expect(refusal(body('<w:sdt>'.repeat(20)))).toBe('depth 12');
    expect(refusal(body('<w:tbl/>'.repeat(10) + '<w:p/>'))).toBe('none');
  });

  it('reads attributes holding > and quotes, and refuses a DOCTYPE', () => {
    expect(count(body(`<w:p w:x="a>b<w:p>" w:y='"'/><w:p/>`)).paragraphs).toBe(2);
    expect(refusal('<!DOCTYPE x [<!ENTITY a "aaaa">]><w:document/>')).toBe('malformed');
  });

  it('gives the same counts however the text is cut into pieces', async () => {
    const xml = body(
      '<w:tbl><w:tr><w:tc><w:p w:a="x>y"><!-- c --><w:r><w:t>é文</w:t></w:r></w:p></w:tc></w:tr></w:tbl>',
    );
    const whole = count(xml);
    const bytes = Buffer.from(xml);
    for (const size of [1, 2, 3, 7]) {
      const pieces: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
      expect(await countDocxBody(Readable.from(pieces), LIMITS)).toEqual(whole);
    }
  });
});
