/** An attachment as forms keep it (tp_annex items): what the editor's attachment button hands over. */
export interface EditorAttachment {
  att_id: number;
  att_title: string;
  att_url: string;
  /** Bytes. */
  att_size: number;
}

export interface RichTextEditorProps {
  /** The content as HTML ('' when empty). */
  value?: string;
  onChange?(html: string): void;
  /** Total height in px: 600 by default, EDITOR.formHeight (500) in forms. */
  height?: number;
  /** Autosave the draft in this browser under this key (one per form); offered back when the form opens. */
  draftKey?: string;
  /** 10,000 by default: typing that would go past it is refused. */
  maxWords?: number;
  placeholder?: string;
  /** Set by antd Form.Item; on the editor's outer element (scroll to the first invalid field). */
  id?: string;
  /** antd Form.Item's validation status: a red (or amber) outline. */
  status?: 'error' | 'warning' | '';
  disabled?: boolean;
  /** A file uploaded with the toolbar's attachment button: add it to the form's attachments. */
  onAttachment?(attachment: EditorAttachment): void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}
