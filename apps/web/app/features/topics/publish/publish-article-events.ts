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
}

const positiveId = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/** The article dialog's part of a publish event, read defensively (anyone can dispatch on `window`). */
export function readPublishArticleDetail(event: Event): PublishArticleDetail | null {
  const detail = (event as CustomEvent<unknown>).detail as Partial<PublishArticleDetail> | null | undefined;
  if (!detail || detail.kind !== 'article') return null;
  return { kind: 'article', topicId: positiveId(detail.topicId) };
}

export function dispatchPublishArticle(detail: Omit<PublishArticleDetail, 'kind'>): void {
  window.dispatchEvent(
    new CustomEvent<PublishArticleDetail>(PUBLISH_EVENT, { detail: { kind: 'article', ...detail } }),
  );
}
