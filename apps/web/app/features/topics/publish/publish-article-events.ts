import { PUBLISH_EVENT } from '~/components/layout/PublishMenu';

/**
 * The navbar's publish menu dispatches `PUBLISH_EVENT` with `{ kind: 'article' }`; a topic's page
 * dispatches the same with its topic to preselect. The host (mounted once by the shell) listens and
 * loads the dialog only then.
 */
export interface PublishArticleDetail {
  kind: 'article';
  /** The topic to preselect. */
  topicId?: number;
  /** The author's own article to edit and submit again (its page's "edit"); a new article otherwise. */
  edit?: ArticleEdit;
}

/** What the form starts with when the author edits an article. */
export interface ArticleEdit {
  ttar_id: number;
  ttar_title: string;
  tt_id: number;
  ttar_source: number;
  ttar_source_url: string;
  ttar_content: string;
}

const positiveId = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/** The article dialog's part of a publish event, read defensively (anyone can dispatch on `window`). */
export function readPublishArticleDetail(event: Event): PublishArticleDetail | null {
  const detail = (event as CustomEvent<unknown>).detail as Partial<PublishArticleDetail> | null | undefined;
  if (!detail || detail.kind !== 'article') return null;
  const edit = detail.edit;
  const editing =
    edit && positiveId(edit.ttar_id) && typeof edit.ttar_title === 'string' && typeof edit.ttar_content === 'string'
      ? edit
      : undefined;
  return { kind: 'article', topicId: positiveId(detail.topicId), ...(editing ? { edit: editing } : {}) };
}

export function dispatchPublishArticle(detail: Omit<PublishArticleDetail, 'kind'>): void {
  window.dispatchEvent(
    new CustomEvent<PublishArticleDetail>(PUBLISH_EVENT, { detail: { kind: 'article', ...detail } }),
  );
}
