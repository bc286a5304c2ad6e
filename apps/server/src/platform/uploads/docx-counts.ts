import { UPLOAD_RULE } from '@portal/contracts/uploads';

/**
 * Counting a Word document's body (word/document.xml) as it streams out of the zip, before anything
 * builds a tree of it: paragraphs, table cells, tables inside tables and list levels, each refused
 * past UPLOAD_RULE's count; plus a bound on how deep any element sits, and no DOCTYPE (Word never
 * writes one; it is where entity tricks live). A small state machine over the characters, linear in
 * the input, holding nothing but the current tag's name (and the attributes of a list level).
 * Elements are recognised by local name whatever their prefix, so another prefix counts the same.
 */

export type DocxCountLimit = 'paragraphs' | 'cells' | 'nesting' | 'depth';

/** The document passes a count: `limit` names which, `max` the count allowed. */
export class DocxTooComplex extends Error {
  constructor(
    readonly limit: DocxCountLimit,
    readonly max: number,
  ) {
    super(`more than ${max} ${limit}`);
    this.name = 'DocxTooComplex';
  }
}

/** Not XML Word writes (a DOCTYPE, an unknown markup declaration). */
export class DocxMalformed extends Error {}

export interface DocxCountLimits {
  paragraphs: number;
  cells: number;
  /** Tables inside tables, and list levels (w:ilvl). */
  nesting: number;
  /** Elements inside elements, whatever they are. */
  depth: number;
}

export const DOCX_COUNT_LIMITS: DocxCountLimits = {
  paragraphs: UPLOAD_RULE.docxMaxParagraphs,
  cells: UPLOAD_RULE.docxMaxTableCells,
  nesting: UPLOAD_RULE.docxMaxNesting,
  // A real body sits some 10 levels deep, plus about 4 per nested table: 20 tables stay far below.
  depth: 256,
};

export interface DocxCounts {
  paragraphs: number;
  cells: number;
  /** The deepest table nesting and list level seen. */
  nesting: number;
  depth: number;
}

const enum State {
  Text,
  Open,
  Name,
  Attributes,
  Quoted,
  Declaration,
  Comment,
  CData,
  Instruction,
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DQUOTE = 0x22;
const SQUOTE = 0x27;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** A counter fed with the XML's text in pieces; `write` throws DocxTooComplex or DocxMalformed. */
export function docxCounter(limits: DocxCountLimits = DOCX_COUNT_LIMITS) {
  const counts: DocxCounts = { paragraphs: 0, cells: 0, nesting: 0, depth: 0 };
  let depth = 0;
  let tables = 0;
  let state = State.Text;
  let closing = false;
  let name = '';
  let quote = 0;
  let last = 0;
  /** The attributes of the current tag, kept only for list levels (w:ilvl w:val="N"). */
  let attributes = '';
  let keepAttributes = false;
  /** The start of a declaration (`<!--`, `<![CDATA[`) and the end seen so far of a comment, CDATA or instruction. */
  let marker = '';

  const over = (limit: DocxCountLimit) => {
    throw new DocxTooComplex(limit, limits[limit]);
  };

  function endOfTag(selfClosing: boolean) {
    const colon = name.indexOf(':');
    const local = colon >= 0 ? name.slice(colon + 1) : name;
    if (closing) {
      depth = Math.max(0, depth - 1);
      if (local === 'tbl') tables = Math.max(0, tables - 1);
      return;
    }
    if (!selfClosing) {
      depth += 1;
      counts.depth = Math.max(counts.depth, depth);
      if (depth > limits.depth) over('depth');
    }
    if (local === 'p') {
      if (++counts.paragraphs > limits.paragraphs) over('paragraphs');
    } else if (local === 'tc') {
      if (++counts.cells > limits.cells) over('cells');
    } else if (local === 'tbl' && !selfClosing) {
      tables += 1;
      counts.nesting = Math.max(counts.nesting, tables);
      if (tables > limits.nesting) over('nesting');
    } else if (local === 'ilvl') {
      // Levels count from 0: level N is N + 1 lists deep.
      const level = Number(/val\s*=\s*["']\s*(\d{1,9})/.exec(attributes)?.[1] ?? 0) + 1;
      counts.nesting = Math.max(counts.nesting, level);
      if (level > limits.nesting) over('nesting');
    }
  }

  function startTag() {
    keepAttributes = name.endsWith('ilvl');
    attributes = '';
  }

  return {
    counts,
    write(text: string) {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        switch (state) {
          case State.Text:
            if (c === LT) state = State.Open;
            break;
          case State.Open:
            if (c === BANG) {
              state = State.Declaration;
              marker = '';
            } else if (c === QUESTION) {
              state = State.Instruction;
              marker = '';
            } else {
              closing = c === SLASH;
              name = closing ? '' : text[i]!;
              state = State.Name;
            }
            break;
          case State.Name:
            if (isSpace(c) || c === SLASH || c === GT) {
              startTag();
              if (c === GT) {
                endOfTag(false);
                state = State.Text;
              } else {
                last = c;
                state = State.Attributes;
              }
            } else if (name.length < 64) {
              name += text[i];
            }
            break;
          case State.Attributes:
            if (c === GT) {
              endOfTag(last === SLASH);
              state = State.Text;
              break;
            }
            if (c === DQUOTE || c === SQUOTE) {
              quote = c;
              state = State.Quoted;
            }
            if (!isSpace(c)) last = c;
            if (keepAttributes && attributes.length < 256) attributes += text[i];
            break;
          case State.Quoted:
            if (c === quote) {
              state = State.Attributes;
              last = c;
            }
            if (keepAttributes && attributes.length < 256) attributes += text[i];
            break;
          case State.Declaration:
            marker += text[i];
            if (marker === '--') {
              state = State.Comment;
              marker = '';
            } else if (marker === '[CDATA[') {
              state = State.CData;
              marker = '';
            } else if (!'[CDATA['.startsWith(marker) && !'--'.startsWith(marker)) {
              throw new DocxMalformed('markup declaration (DOCTYPE or ENTITY) in document.xml');
            }
            break;
          case State.Comment:
          case State.CData:
          case State.Instruction: {
            marker = (marker + text[i]).slice(-3);
            const end = state === State.Comment ? '-->' : state === State.CData ? ']]>' : '?>';
            if (marker.endsWith(end)) state = State.Text;
            break;
          }
        }
      }
    },
  };
}

/** Counts the XML coming out of `stream` (text or bytes, UTF-8); throws at the first count passed. */
export async function countDocxBody(
  stream: AsyncIterable<Buffer | string>,
  limits: DocxCountLimits = DOCX_COUNT_LIMITS,
): Promise<DocxCounts> {
  const counter = docxCounter(limits);
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of stream) {
    counter.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  }
  counter.write(decoder.decode());
  return counter.counts;
}
