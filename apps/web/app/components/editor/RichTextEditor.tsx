import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '~/lib/use-translation';
import { useQuery } from '@tanstack/react-query';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import type { EditorView } from '@tiptap/pm/view';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { EDITOR, EDITOR_MAX_WORDS } from '@portal/contracts/constants';
import {
  importDocx,
  uploadConfig,
  uploadFile,
  uploadImage,
  uploadMedia,
  type UploadCall,
} from '@portal/contracts/uploads';
import { uploadThroughServer } from '~/components/upload/upload-through-server';
import { useFormatTime } from '~/lib/format';
import { callQuery } from '~/lib/query/call-query';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import {
  draftClearedSince,
  readEditorDraft,
  writeEditorDraft,
  clearEditorDraft,
  type EditorDraft,
} from './editor-draft';
import { cursorAfterSelectedBlock, editorExtensions, SKIP_WORD_LIMIT, wordsOf } from './editor-extensions';
import { fileFromDataUrl, hasType, isDocx, isLocalImageSource, PICKER_TYPES, type PickerKind } from './editor-rules';
import { EditorToolbar } from './EditorToolbar';
import { FilePickerDialog } from './FilePickerDialog';
import type { RichTextEditorProps } from './rich-text-editor-props';
import './editor.css';
import { withPortalAntd } from '~/lib/PortalAntd';

const MB = 1024 * 1024;
/** Autosave waits this long after the last change. */
const AUTOSAVE_DELAY_MS = 1000;
/** The autosave message stays this long (spec 4). */
const SAVED_MESSAGE_MS = 2000;

type InsertPurpose = 'image' | 'audio' | 'video' | 'attachment';

/**
 * The portal's rich-text editor (TipTap): a controlled antd Form control whose value is HTML in
 * the allow-list the server's sanitiser keeps (docs: /tmp/notes/status.md, EDITOR). Load it through
 * `LazyRichTextEditor`, never directly, so pages without a form do not carry it.
 */
function RichTextEditor({
  value,
  onChange,
  height = EDITOR.height,
  draftKey,
  maxWords = EDITOR_MAX_WORDS,
  placeholder,
  id,
  status,
  disabled,
  onAttachment,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledby,
}: RichTextEditorProps) {
  const { t } = useTranslation('editor');
  const { t: tu } = useTranslation('upload');
  const { site } = useShell();
  const formatTime = useFormatTime();
  const config = useQuery({ ...callQuery(uploadConfig, site, {}), staleTime: 300_000 });

  const [words, setWords] = useState(0);
  const [limitHit, setLimitHit] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [savedVisible, setSavedVisible] = useState(false);
  const [draftOffer, setDraftOffer] = useState<EditorDraft | null>(null);
  const [uploading, setUploading] = useState(0);
  const [picker, setPicker] = useState<{ kind: PickerKind; purpose: InsertPurpose } | null>(null);

  const maxRef = useRef(maxWords);
  maxRef.current = maxWords;
  const lastEmitted = useRef(value ?? '');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onAttachmentRef = useRef(onAttachment);
  onAttachmentRef.current = onAttachment;
  const autosaveTimer = useRef<number | undefined>(undefined);
  const savedTimer = useRef<number | undefined>(undefined);
  const wordInput = useRef<HTMLInputElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const pasteRef = useRef<(view: EditorView, event: ClipboardEvent) => boolean>(() => false);
  const dropRef = useRef<(view: EditorView, event: DragEvent, moved: boolean) => boolean>(() => false);

  const scheduleAutosave = useCallback(
    (html: string) => {
      if (!draftKey) return;
      const changedAt = Date.now();
      window.clearTimeout(autosaveTimer.current);
      autosaveTimer.current = window.setTimeout(() => {
        if (draftClearedSince(draftKey, changedAt)) return;
        if (html === '') clearEditorDraft(draftKey);
        else if (!writeEditorDraft(draftKey, html)) return;
        setSavedVisible(true);
        window.clearTimeout(savedTimer.current);
        savedTimer.current = window.setTimeout(() => setSavedVisible(false), SAVED_MESSAGE_MS);
      }, AUTOSAVE_DELAY_MS);
    },
    [draftKey],
  );

  const extensions = useMemo(
    () =>
      editorExtensions({
        placeholder: placeholder ?? '',
        maxWords: () => maxRef.current,
        onWordLimit: () => setLimitHit(true),
      }),
    // The extensions are made once per editor; the limit is read through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const editor = useEditor({
    immediatelyRender: false,
    extensions,
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: {
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        ...(ariaLabelledby ? { 'aria-labelledby': ariaLabelledby } : {}),
        ...(!ariaLabel && !ariaLabelledby ? { 'aria-label': t('label') } : {}),
        ...(status === 'error' ? { 'aria-invalid': 'true' } : {}),
      },
      handlePaste: (view, event) => pasteRef.current(view, event),
      handleDrop: (view, event, _slice, moved) => dropRef.current(view, event, moved),
    },
    onCreate: ({ editor: created }) => setWords(wordsOf(created.state.doc)),
    onUpdate: ({ editor: changed }) => {
      const html = changed.isEmpty ? '' : changed.getHTML();
      const count = wordsOf(changed.state.doc);
      setWords(count);
      if (count < maxRef.current) setLimitHit(false);
      if (html === lastEmitted.current) return;
      lastEmitted.current = html;
      onChangeRef.current?.(html);
      scheduleAutosave(html);
    },
  });
  editorRef.current = editor;

  // A value set from outside (a form reset, a post loaded for editing) replaces the content.
  useEffect(() => {
    if (!editor) return;
    const next = value ?? '';
    if (next === lastEmitted.current) return;
    lastEmitted.current = next;
    window.clearTimeout(autosaveTimer.current);
    editor.commands.setContent(next, { emitUpdate: false });
    setWords(wordsOf(editor.state.doc));
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // A saved draft that differs from the form's value is offered once, when the editor opens.
  useEffect(() => {
    if (!draftKey) return;
    const draft = readEditorDraft(draftKey);
    if (draft && draft.html && draft.html !== (value ?? '')) setDraftOffer(draft);
    // Only on mount: later changes are the member's own typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey]);

  useEffect(
    () => () => {
      window.clearTimeout(autosaveTimer.current);
      window.clearTimeout(savedTimer.current);
    },
    [],
  );

  const limitMb = useCallback(
    (purpose: InsertPurpose | 'docx') =>
      purpose === 'image' ? (config.data?.image_config.fileSize ?? 5) : (config.data?.file_config.fileSize ?? 5),
    [config.data],
  );

  /** Uploads one file through the server; null (after saying why) when it failed. */
  const upload = useCallback(
    async (call: UploadCall, file: File, purpose: InsertPurpose) => {
      const mb = limitMb(purpose);
      if (file.size > mb * MB) {
        toast.error(tu('ui.tooLarge', { n: mb }));
        return null;
      }
      setUploading((n) => n + 1);
      try {
        const outcome = await uploadThroughServer(call, file);
        if (outcome.ok) return outcome.data;
        if (purpose === 'image') {
          toast.error(
            !outcome.answered && outcome.httpStatus
              ? t('upload.httpError', { status: outcome.httpStatus })
              : t('upload.imageFailed', { reason: outcome.reason }),
          );
        } else {
          toast.error(t('upload.fileFailed', { reason: outcome.reason }));
        }
        return null;
      } finally {
        setUploading((n) => n - 1);
      }
    },
    [limitMb, t, tu],
  );

  const insertUploaded = useCallback(
    async (file: File, purpose: InsertPurpose) => {
      const call = purpose === 'image' ? uploadImage : purpose === 'attachment' ? uploadFile : uploadMedia;
      const data = await upload(call, file, purpose);
      const current = editorRef.current;
      if (!data || !current) return;
      const chain = current.chain().focus();
      if (purpose === 'image')
        chain.setImage({ src: data.address, alt: data.original_name }).command(cursorAfterSelectedBlock).run();
      else if (purpose === 'audio' || purpose === 'video')
        chain
          .insertContent({ type: purpose, attrs: { src: data.address } })
          .command(cursorAfterSelectedBlock)
          .run();
      else {
        chain
          .insertContent([
            { type: 'text', text: data.original_name, marks: [{ type: 'link', attrs: { href: data.address } }] },
            { type: 'text', text: ' ' },
          ])
          .run();
        onAttachmentRef.current?.({
          att_id: data.att_id,
          att_title: data.original_name,
          att_url: data.address,
          att_size: file.size,
        });
      }
    },
    [upload],
  );

  const insertImages = useCallback(
    async (files: File[]) => {
      for (const file of files) await insertUploaded(file, 'image');
    },
    [insertUploaded],
  );

  /**
   * Pasted HTML whose images live on the member's computer (data: or file: sources, e.g. from Word):
   * each image is uploaded first (the clipboard's image files stand in for file: sources, in order),
   * then the HTML goes in with the uploaded addresses; an image that could not be uploaded is left out.
   */
  const pasteWithLocalImages = useCallback(
    async (html: string, files: File[]) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const images = Array.from(doc.querySelectorAll('img')).filter((img) =>
        isLocalImageSource(img.getAttribute('src') ?? ''),
      );
      let nextFile = 0;
      for (const img of images) {
        const src = img.getAttribute('src') ?? '';
        const file = src.startsWith('data:') ? fileFromDataUrl(src) : (files[nextFile++] ?? null);
        const data = file ? await upload(uploadImage, file, 'image') : null;
        if (data) img.setAttribute('src', data.address);
        else img.remove();
      }
      editorRef.current?.chain().focus().insertContent(doc.body.innerHTML).run();
    },
    [upload],
  );

  pasteRef.current = (_view, event) => {
    const data = event.clipboardData;
    if (!data || disabled) return false;
    const html = data.getData('text/html');
    const files = Array.from(data.files).filter((f) => f.type.startsWith('image/'));
    if (html && /<img[^>]+src\s*=\s*["']?\s*(data:|file:|blob:)/i.test(html)) {
      event.preventDefault();
      void pasteWithLocalImages(html, files);
      return true;
    }
    if (!html && files.length > 0) {
      event.preventDefault();
      void insertImages(files);
      return true;
    }
    return false;
  };

  dropRef.current = (view, event, moved) => {
    if (moved || disabled) return false;
    const files = Array.from(event.dataTransfer?.files ?? []).filter((f) => hasType(f.name, PICKER_TYPES.image));
    if (files.length === 0) return false;
    event.preventDefault();
    const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
    if (at) editorRef.current?.commands.setTextSelection(at.pos);
    void insertImages(files);
    return true;
  };

  const importWord = async (file: File) => {
    if (!isDocx(file.name)) {
      toast.error(t('word.onlyDocx'));
      return;
    }
    const mb = limitMb('docx');
    if (file.size > mb * MB) {
      toast.error(tu('ui.tooLarge', { n: mb }));
      return;
    }
    toast.success(t('word.converting'));
    setUploading((n) => n + 1);
    try {
      const outcome = await uploadThroughServer(importDocx, file);
      if (outcome.ok) editorRef.current?.chain().focus().insertContent(outcome.data.html).run();
      else toast.error(t('word.failed', { reason: outcome.reason }));
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      event.altKey &&
      !event.ctrlKey &&
      !event.metaKey &&
      (event.code === 'KeyZ' || event.key.toLowerCase() === 'z')
    ) {
      event.preventDefault();
      setFullscreen((on) => !on);
      return;
    }
    if (event.key === 'Escape' && fullscreen) {
      // Leaves full screen only: the dialog around the editor stays open.
      event.preventDefault();
      event.stopPropagation();
      setFullscreen(false);
    }
  };

  const className = [
    'rte',
    fullscreen ? 'rte--fullscreen' : '',
    status === 'error' ? 'rte--error' : status === 'warning' ? 'rte--warning' : '',
    disabled ? 'rte--disabled' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      id={id}
      className={className}
      style={fullscreen ? undefined : { height }}
      onKeyDown={onKeyDown}
      data-testid="rich-text-editor"
      data-fullscreen={fullscreen ? 'true' : 'false'}
    >
      {draftOffer && (
        <Alert
          className="rte-draft"
          type="info"
          showIcon
          message={t('draft.found', { time: formatTime(draftOffer.savedAt) })}
          action={
            <span className="rte-draft-actions">
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  const current = editorRef.current;
                  if (current) current.chain().setMeta(SKIP_WORD_LIMIT, true).setContent(draftOffer.html).run();
                  setDraftOffer(null);
                }}
              >
                {t('draft.restore')}
              </Button>
              <Button
                size="small"
                onClick={() => {
                  if (draftKey) clearEditorDraft(draftKey);
                  setDraftOffer(null);
                }}
              >
                {t('draft.discard')}
              </Button>
            </span>
          }
        />
      )}
      {editor ? (
        <EditorToolbar
          editor={editor}
          fullscreen={fullscreen}
          disabled={disabled}
          onToggleFullscreen={() => setFullscreen((on) => !on)}
          onPick={(kind, purpose) => setPicker({ kind, purpose })}
          onWordImport={() => wordInput.current?.click()}
        />
      ) : (
        <div className="rte-toolbar rte-toolbar--loading" aria-hidden />
      )}
      <EditorContent editor={editor} className="rte-body" />
      <div className="rte-footer">
        <span role="status" aria-live="polite" className="rte-saved" data-testid="rte-autosave">
          {savedVisible ? t('draft.saved') : uploading > 0 ? t('upload.uploading') : ''}
        </span>
        {limitHit && (
          <span role="alert" className="rte-limit" data-testid="rte-word-limit">
            {t('words.limit', { max: maxWords })}
          </span>
        )}
        <span className={words >= maxWords ? 'rte-words rte-words--full' : 'rte-words'} data-testid="rte-word-count">
          {t('words.count', { count: words, max: maxWords })}
        </span>
      </div>
      {/* Opened by the toolbar's Word button; never shown itself (see .rte-file-input). */}
      <input
        ref={wordInput}
        type="file"
        className="rte-file-input"
        tabIndex={-1}
        aria-label={t('toolbar.wordImport')}
        accept=".docx"
        data-testid="rte-word-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importWord(file);
        }}
      />
      <FilePickerDialog
        open={picker !== null}
        kind={picker?.kind ?? 'image'}
        onKindChange={(kind) =>
          setPicker((p) => ({
            kind,
            purpose:
              kind === 'image' ? 'image' : kind === 'file' ? 'attachment' : p?.purpose === 'audio' ? 'audio' : 'video',
          }))
        }
        onCancel={() => setPicker(null)}
        onChosen={(file, kind) => {
          const purpose = picker?.purpose ?? 'attachment';
          setPicker(null);
          const insertAs: InsertPurpose =
            kind === 'media' ? (file.name.toLowerCase().endsWith('.mp3') ? 'audio' : 'video') : purpose;
          void insertUploaded(file, insertAs);
        }}
      />
    </div>
  );
}

export default withPortalAntd(RichTextEditor);
