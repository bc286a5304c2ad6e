import { useState, type ReactNode } from 'react';
import { useTranslation } from '~/lib/use-translation';
import { useEditorState, type Editor } from '@tiptap/react';
import Button, { type ButtonProps } from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Input from 'antd/es/input';
import Popover from 'antd/es/popover';
import Tooltip from 'antd/es/tooltip';
import AlignCenterOutlined from '@ant-design/icons/es/icons/AlignCenterOutlined';
import AlignLeftOutlined from '@ant-design/icons/es/icons/AlignLeftOutlined';
import AlignRightOutlined from '@ant-design/icons/es/icons/AlignRightOutlined';
import BoldOutlined from '@ant-design/icons/es/icons/BoldOutlined';
import CodeOutlined from '@ant-design/icons/es/icons/CodeOutlined';
import CustomerServiceOutlined from '@ant-design/icons/es/icons/CustomerServiceOutlined';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import FileWordOutlined from '@ant-design/icons/es/icons/FileWordOutlined';
import FontColorsOutlined from '@ant-design/icons/es/icons/FontColorsOutlined';
import FontSizeOutlined from '@ant-design/icons/es/icons/FontSizeOutlined';
import FullscreenExitOutlined from '@ant-design/icons/es/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/es/icons/FullscreenOutlined';
import ItalicOutlined from '@ant-design/icons/es/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/es/icons/OrderedListOutlined';
import PaperClipOutlined from '@ant-design/icons/es/icons/PaperClipOutlined';
import PictureOutlined from '@ant-design/icons/es/icons/PictureOutlined';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import StrikethroughOutlined from '@ant-design/icons/es/icons/StrikethroughOutlined';
import TableOutlined from '@ant-design/icons/es/icons/TableOutlined';
import UnderlineOutlined from '@ant-design/icons/es/icons/UnderlineOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import VideoCameraOutlined from '@ant-design/icons/es/icons/VideoCameraOutlined';
import { QuoteIcon } from './editor-icons';
import type { PickerKind } from './editor-rules';
import { displayLink, FONT_SIZES_PX, safeLink, TEXT_COLOURS } from './editor-rules';

export interface EditorToolbarProps {
  editor: Editor;
  fullscreen: boolean;
  disabled?: boolean;
  onToggleFullscreen(): void;
  onPick(kind: PickerKind, purpose: 'image' | 'audio' | 'video' | 'attachment'): void;
  onWordImport(): void;
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
  testId,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick?(): void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        onClick={onClick}
        onMouseDown={(e) => e.preventDefault()}
        className="rte-tool"
        data-testid={testId}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/**
 * A toolbar button that opens a menu: its icon (or short text) and a small caret, with the same
 * tooltip and accessible name as the other buttons. The Dropdown around it gives it its handlers.
 */
function MenuToolButton({
  label,
  children,
  testId,
  ...rest
}: ButtonProps & {
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        // The Dropdown's and the Tooltip's handlers arrive through `rest`.
        {...rest}
        size="small"
        type="text"
        aria-label={label}
        className="rte-tool rte-tool--menu"
        data-testid={testId}
      >
        {children}
        <DownOutlined className="rte-caret" />
      </Button>
    </Tooltip>
  );
}

/** A vertical line between two groups of the toolbar. */
const Separator = () => <span className="rte-separator" role="separator" aria-orientation="vertical" />;

/** The link popup: the current address (cut to 20 characters when over 30), edit, remove. */
function LinkButton({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const { t } = useTranslation('editor');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const href = useEditorState({
    editor,
    selector: ({ editor: e }) => (e.isActive('link') ? String(e.getAttributes('link').href ?? '') : ''),
  });

  const apply = () => {
    const link = safeLink(draft);
    if (!link) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: link, marks: [{ type: 'link', attrs: { href: link } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href: link }).run();
    }
    setOpen(false);
  };

  const content = (
    <div className="rte-link-popup" data-testid="rte-link-popup">
      {href && (
        <p className="rte-link-current">
          <a href={href} target="_blank" rel="noopener noreferrer nofollow" title={href} data-testid="rte-link-current">
            {displayLink(href)}
          </a>
        </p>
      )}
      <Input
        aria-label={t('link.address')}
        placeholder={t('link.placeholder')}
        value={draft}
        status={invalid ? 'error' : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          setInvalid(false);
        }}
        onPressEnter={apply}
        autoFocus
      />
      {invalid && (
        <p role="alert" className="rte-link-invalid">
          {t('link.invalid')}
        </p>
      )}
      <div className="rte-link-actions">
        {href && (
          <Button
            size="small"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              setOpen(false);
            }}
          >
            {t('link.remove')}
          </Button>
        )}
        <Button size="small" type="primary" onClick={apply}>
          {t('link.apply')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setDraft(href);
          setInvalid(false);
        }
        setOpen(next);
      }}
      title={t('link.title')}
      content={content}
      destroyOnHidden
    >
      <span className="rte-tool-wrap">
        <ToolButton label={t('toolbar.link')} active={href !== ''} disabled={disabled} testId="rte-link">
          <LinkOutlined />
        </ToolButton>
      </span>
    </Popover>
  );
}

/** The editor's toolbar: every control a labelled button with a tooltip, reachable with Tab. */
export function EditorToolbar({
  editor,
  fullscreen,
  disabled,
  onToggleFullscreen,
  onPick,
  onWordImport,
}: EditorToolbarProps) {
  const { t } = useTranslation('editor');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      table: e.isActive('table'),
      heading: ([1, 2, 3, 4] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      align: (['center', 'right'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = () => editor.chain().focus();
  const off = disabled === true;

  return (
    <div className="rte-toolbar" role="toolbar" aria-label={t('toolbar.label')}>
      <div className="rte-group">
        <ToolButton label={t('toolbar.undo')} disabled={off || !state.canUndo} onClick={() => run().undo().run()}>
          <UndoOutlined />
        </ToolButton>
        <ToolButton label={t('toolbar.redo')} disabled={off || !state.canRedo} onClick={() => run().redo().run()}>
          <RedoOutlined />
        </ToolButton>
      </div>
      <Separator />
      <div className="rte-group">
        <Dropdown
          disabled={off}
          trigger={['click']}
          menu={{
            selectedKeys: [String(state.heading)],
            items: [
              { key: '0', label: t('toolbar.paragraph') },
              ...[1, 2, 3, 4].map((level) => ({ key: String(level), label: t('toolbar.headingLevel', { level }) })),
            ],
            onClick: ({ key }) => {
              const level = Number(key) as 0 | 1 | 2 | 3 | 4;
              if (level === 0) run().setParagraph().run();
              else run().setHeading({ level }).run();
            },
          }}
        >
          <MenuToolButton label={t('toolbar.heading')} testId="rte-heading">
            <span className="rte-heading-value">{state.heading ? `H${state.heading}` : t('toolbar.paragraph')}</span>
          </MenuToolButton>
        </Dropdown>
        <Dropdown
          disabled={off}
          trigger={['click']}
          menu={{
            items: [
              { key: '', label: t('toolbar.defaultFontSize') },
              ...FONT_SIZES_PX.map((px) => ({ key: `${px}px`, label: `${px}px` })),
            ],
            onClick: ({ key }) => {
              if (key) run().setMark('textStyle', { fontSize: key }).run();
              else run().setMark('textStyle', { fontSize: null }).removeEmptyTextStyle().run();
            },
          }}
        >
          <MenuToolButton label={t('toolbar.fontSize')} testId="rte-font-size">
            <FontSizeOutlined />
          </MenuToolButton>
        </Dropdown>
      </div>
      <Separator />
      <div className="rte-group">
        <ToolButton
          label={t('toolbar.bold')}
          active={state.bold}
          disabled={off}
          onClick={() => run().toggleBold().run()}
          testId="rte-bold"
        >
          <BoldOutlined />
        </ToolButton>
        <ToolButton
          label={t('toolbar.italic')}
          active={state.italic}
          disabled={off}
          onClick={() => run().toggleItalic().run()}
          testId="rte-italic"
        >
          <ItalicOutlined />
        </ToolButton>
        <ToolButton
          label={t('toolbar.underline')}
          active={state.underline}
          disabled={off}
          onClick={() => run().toggleUnderline().run()}
          testId="rte-underline"
        >
          <UnderlineOutlined />
        </ToolButton>
        <ToolButton
          label={t('toolbar.strike')}
          active={state.strike}
          disabled={off}
          onClick={() => run().toggleStrike().run()}
          testId="rte-strike"
        >
          <StrikethroughOutlined />
        </ToolButton>
        <Dropdown
          disabled={off}
          trigger={['click']}
          menu={{
            items: [
              { key: '', label: t('toolbar.clearColour') },
              ...TEXT_COLOURS.map((colour) => ({
                key: colour,
                label: (
                  <span className="rte-colour-item">
                    <span className="rte-swatch" style={{ background: colour }} aria-hidden />
                    {colour}
                  </span>
                ),
              })),
            ],
            onClick: ({ key }) => {
              if (key) run().setMark('textStyle', { color: key }).run();
              else run().setMark('textStyle', { color: null }).removeEmptyTextStyle().run();
            },
          }}
        >
          <MenuToolButton label={t('toolbar.colour')} testId="rte-colour">
            <FontColorsOutlined />
          </MenuToolButton>
        </Dropdown>
      </div>
      <Separator />
      <div className="rte-group">
        <ToolButton
          label={t('toolbar.alignLeft')}
          active={state.align === 'left'}
          disabled={off}
          onClick={() => run().setTextAlign('left').run()}
        >
          <AlignLeftOutlined />
        </ToolButton>
        <ToolButton
          label={t('toolbar.alignCenter')}
          active={state.align === 'center'}
          disabled={off}
          onClick={() => run().setTextAlign('center').run()}
        >
          <AlignCenterOutlined />
        </ToolButton>
        <ToolButton
          label={t('toolbar.alignRight')}
          active={state.align === 'right'}
          disabled={off}
          onClick={() => run().setTextAlign('right').run()}
        >
          <AlignRightOutlined />
        </ToolButton>
      </div>
      <Separator />
      <div className="rte-group">
        <ToolButton
          label={t('toolbar.bulletList')}
          active={state.bulletList}
          disabled={off}
          onClick={() => run().toggleBulletList().run()}
          testId="rte-bullet-list"
        >
          <UnorderedListOutlined />
        </ToolButton>
        <ToolButton
          label={t('toolbar.orderedList')}
          active={state.orderedList}
          disabled={off}
          onClick={() => run().toggleOrderedList().run()}
          testId="rte-ordered-list"
        >
          <OrderedListOutlined />
        </ToolButton>
        <ToolButton
          label={t('toolbar.quote')}
          active={state.blockquote}
          disabled={off}
          onClick={() => run().toggleBlockquote().run()}
          testId="rte-quote"
        >
          <QuoteIcon />
        </ToolButton>
        <ToolButton
          label={t('toolbar.codeBlock')}
          active={state.codeBlock}
          disabled={off}
          onClick={() => run().toggleCodeBlock().run()}
          testId="rte-code-block"
        >
          <CodeOutlined />
        </ToolButton>
        <Dropdown
          disabled={off}
          trigger={['click']}
          menu={{
            items: [
              { key: 'insert', label: t('toolbar.insertTable') },
              { type: 'divider' },
              { key: 'addRow', label: t('toolbar.addRowAfter'), disabled: !state.table },
              { key: 'addColumn', label: t('toolbar.addColumnAfter'), disabled: !state.table },
              { key: 'deleteRow', label: t('toolbar.deleteRow'), disabled: !state.table },
              { key: 'deleteColumn', label: t('toolbar.deleteColumn'), disabled: !state.table },
              { key: 'deleteTable', label: t('toolbar.deleteTable'), disabled: !state.table, danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'insert') run().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
              if (key === 'addRow') run().addRowAfter().run();
              if (key === 'addColumn') run().addColumnAfter().run();
              if (key === 'deleteRow') run().deleteRow().run();
              if (key === 'deleteColumn') run().deleteColumn().run();
              if (key === 'deleteTable') run().deleteTable().run();
            },
          }}
        >
          <MenuToolButton label={t('toolbar.table')} testId="rte-table">
            <TableOutlined />
          </MenuToolButton>
        </Dropdown>
      </div>
      <Separator />
      <div className="rte-group">
        <LinkButton editor={editor} disabled={off} />
        <ToolButton
          label={t('toolbar.image')}
          disabled={off}
          onClick={() => onPick('image', 'image')}
          testId="rte-image"
        >
          <PictureOutlined />
        </ToolButton>
        <ToolButton
          label={t('toolbar.audio')}
          disabled={off}
          onClick={() => onPick('media', 'audio')}
          testId="rte-audio"
        >
          <CustomerServiceOutlined />
        </ToolButton>
        <ToolButton
          label={t('toolbar.video')}
          disabled={off}
          onClick={() => onPick('media', 'video')}
          testId="rte-video"
        >
          <VideoCameraOutlined />
        </ToolButton>
        <ToolButton
          label={t('toolbar.attachment')}
          disabled={off}
          onClick={() => onPick('file', 'attachment')}
          testId="rte-attachment"
        >
          <PaperClipOutlined />
        </ToolButton>
        <ToolButton label={t('toolbar.wordImport')} disabled={off} onClick={onWordImport} testId="rte-word-import">
          <FileWordOutlined />
        </ToolButton>
      </div>
      <div className="rte-group rte-group--end">
        <ToolButton
          label={fullscreen ? t('toolbar.exitFullscreen') : t('toolbar.fullscreen')}
          active={fullscreen}
          onClick={onToggleFullscreen}
          testId="rte-fullscreen"
        >
          {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        </ToolButton>
      </div>
    </div>
  );
}
