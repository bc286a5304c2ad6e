import { Extension, mergeAttributes, Node, type AnyExtension, type CommandProps } from '@tiptap/core';
import { NodeSelection, Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import { countWords, normaliseColour, normaliseFontSize, safeLink } from './editor-rules';

/** The words of a document, counted as the footer shows them. */
export function wordsOf(doc: ProseMirrorNode): number {
  return countWords(doc.textBetween(0, doc.content.size, ' ', ' '));
}

/**
 * After a block (an image, an audio or a video) goes in, ProseMirror selects it, and the next key
 * pressed or the next image inserted would replace it. This command moves the cursor into the
 * paragraph right after the selected block, adding an empty one when none follows, so a member
 * types on below the image and several pasted images all stay, in order.
 */
export function cursorAfterSelectedBlock({ tr, dispatch }: CommandProps): boolean {
  const { selection } = tr;
  if (!(selection instanceof NodeSelection) || !selection.node.isBlock) return false;
  const after = tr.doc.resolve(selection.to);
  if (!after.nodeAfter?.isTextblock) {
    const paragraph = tr.doc.type.schema.nodes.paragraph;
    if (!paragraph || !after.parent.canReplaceWith(after.index(), after.index(), paragraph)) return false;
    if (dispatch) tr.insert(selection.to, paragraph.create());
  }
  if (dispatch) tr.setSelection(TextSelection.create(tr.doc, selection.to + 1)).scrollIntoView();
  return true;
}

/** A transaction with this meta set (loading a value or a draft) is never refused by the word limit. */
export const SKIP_WORD_LIMIT = 'skipWordLimit';

/**
 * Typing past the maximum is refused: a change that would take the document over `maxWords` and
 * grow it is dropped (deleting is always allowed, so a longer loaded text can be cut down), and
 * `onRefused` lets the editor say why.
 */
function wordLimit(maxWords: () => number, onRefused: () => void): Extension {
  return Extension.create({
    name: 'wordLimit',
    addProseMirrorPlugins() {
      return [
        new Plugin({
          key: new PluginKey('wordLimit'),
          filterTransaction(tr, state) {
            if (!tr.docChanged || tr.getMeta(SKIP_WORD_LIMIT) || tr.getMeta('preventUpdate')) return true;
            const after = wordsOf(tr.doc);
            if (after <= maxWords()) return true;
            if (after <= wordsOf(state.doc)) return true;
            onRefused();
            return false;
          },
        }),
      ];
    },
  });
}

/** An uploaded audio or video file, rendered as the browser's own player. */
function mediaNode(name: 'audio' | 'video'): Node {
  return Node.create({
    name,
    group: 'block',
    atom: true,
    draggable: true,
    addAttributes() {
      return {
        src: {
          default: null,
          parseHTML: (element) => element.getAttribute('src') ?? element.querySelector('source')?.getAttribute('src'),
        },
      };
    },
    parseHTML() {
      return [{ tag: `${name}` }];
    },
    renderHTML({ HTMLAttributes }) {
      return [name, mergeAttributes({ controls: '' }, { src: HTMLAttributes.src })];
    },
  });
}

export const Audio = mediaNode('audio');
export const Video = mediaNode('video');

/** Colour and font size on text, kept only in our own forms (#rrggbb, 12-72 px), pasted or not. */
const TextStyleAttributes = Extension.create({
  name: 'portalTextStyle',
  addGlobalAttributes() {
    return [
      {
        types: ['textStyle'],
        attributes: {
          color: {
            default: null,
            parseHTML: (element) => normaliseColour(element.style.color),
            renderHTML: (attributes) => (attributes.color ? { style: `color: ${attributes.color}` } : {}),
          },
          fontSize: {
            default: null,
            parseHTML: (element) => normaliseFontSize(element.style.fontSize),
            renderHTML: (attributes) => (attributes.fontSize ? { style: `font-size: ${attributes.fontSize}` } : {}),
          },
        },
      },
    ];
  },
});

/** Tables without the inline widths TipTap adds (the stored HTML keeps no layout styles). */
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ['tbody', 0]];
  },
});
const noColumnWidth = { default: null, parseHTML: () => null, renderHTML: () => ({}) };
const PlainCell = TableCell.extend({
  addAttributes() {
    return { ...this.parent?.(), colwidth: noColumnWidth };
  },
});
const PlainHeader = TableHeader.extend({
  addAttributes() {
    return { ...this.parent?.(), colwidth: noColumnWidth };
  },
});

export function editorExtensions(options: {
  placeholder: string;
  maxWords: () => number;
  onWordLimit: () => void;
}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      codeBlock: { languageClassPrefix: null, defaultLanguage: null },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto'],
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
        isAllowedUri: (url) => safeLink(url) !== null,
      },
    }),
    TextStyle,
    TextStyleAttributes,
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
    Image.configure({ inline: false, allowBase64: false }),
    PlainTable.configure({ resizable: false }),
    TableRow,
    PlainHeader,
    PlainCell,
    Audio,
    Video,
    Placeholder.configure({ placeholder: options.placeholder }),
    wordLimit(options.maxWords, options.onWordLimit),
  ];
}
