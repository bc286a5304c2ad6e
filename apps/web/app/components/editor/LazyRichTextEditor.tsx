import { lazy, Suspense } from 'react';
import { EDITOR } from '@portal/contracts/constants';
import type { RichTextEditorProps } from './rich-text-editor-props';

export type { EditorAttachment, RichTextEditorProps } from './rich-text-editor-props';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

/**
 * The rich-text editor, loaded with its own chunk the first time a form shows it, so pages without
 * a form never download TipTap. Until then a box of the editor's height holds its place, so nothing
 * below it moves when it arrives.
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  const height = props.height ?? EDITOR.height;
  return (
    <Suspense
      fallback={
        <div
          id={props.id}
          className="rte-placeholder"
          style={{ height, border: '1px solid #d9d9d9', borderRadius: 6, background: '#fafafa' }}
          aria-busy="true"
          data-testid="rich-text-editor-loading"
        />
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
