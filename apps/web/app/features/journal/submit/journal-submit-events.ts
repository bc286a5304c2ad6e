import { PUBLISH_EVENT } from '~/components/layout/PublishMenu';

/**
 * The navbar's publish menu dispatches `PUBLISH_EVENT` with `{ kind: 'journal' }`; the member's
 * list of submissions dispatches the same with a submission to edit and resubmit. The host (mounted
 * once by the shell) listens and loads the dialog only then.
 */
export interface JournalSubmitDetail {
  kind: 'journal';
  /** The author's own submission to edit (teba_id); a new submission otherwise. */
  edit?: number;
}

const positiveId = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/** The submission dialog's part of a publish event, read defensively (anyone can dispatch on `window`). */
export function readJournalSubmitDetail(event: Event): JournalSubmitDetail | null {
  const detail = (event as CustomEvent<unknown>).detail as Partial<JournalSubmitDetail> | null | undefined;
  if (!detail || detail.kind !== 'journal') return null;
  const edit = positiveId(detail.edit);
  return { kind: 'journal', ...(edit ? { edit } : {}) };
}

export function dispatchJournalSubmit(detail: Omit<JournalSubmitDetail, 'kind'> = {}): void {
  window.dispatchEvent(new CustomEvent<JournalSubmitDetail>(PUBLISH_EVENT, { detail: { kind: 'journal', ...detail } }));
}
