/**
 * The editor's autosaved drafts, one per form (`draftKey`), in localStorage. Kept apart from the
 * editor so that a form can clear its draft after a successful submit without loading the editor.
 */
const PREFIX = 'editorDraft:';

/** When each form's draft was last cleared, so an autosave scheduled before a submit does not bring it back. */
const clearedAt = new Map<string, number>();

/** Whether the draft was cleared after `changedAt` (epoch ms): then that change must not be saved. */
export function draftClearedSince(draftKey: string, changedAt: number): boolean {
  return (clearedAt.get(draftKey) ?? -Infinity) >= changedAt;
}

export interface EditorDraft {
  html: string;
  /** Epoch milliseconds. */
  savedAt: number;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readEditorDraft(draftKey: string): EditorDraft | undefined {
  const raw = storage()?.getItem(PREFIX + draftKey);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<EditorDraft>;
    if (typeof value.html !== 'string' || typeof value.savedAt !== 'number') return undefined;
    return { html: value.html, savedAt: value.savedAt };
  } catch {
    return undefined;
  }
}

/** False when the browser refused (storage full or disabled). */
export function writeEditorDraft(draftKey: string, html: string, now: number = Date.now()): boolean {
  try {
    storage()?.setItem(PREFIX + draftKey, JSON.stringify({ html, savedAt: now }));
    return true;
  } catch {
    return false;
  }
}

/** Forget the form's draft: call it once the form has been submitted successfully. */
export function clearEditorDraft(draftKey: string): void {
  clearedAt.set(draftKey, Date.now());
  try {
    storage()?.removeItem(PREFIX + draftKey);
  } catch {
    // Storage disabled: there is no draft to clear.
  }
}
