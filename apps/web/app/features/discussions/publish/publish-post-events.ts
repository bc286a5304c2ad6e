import { PUBLISH_EVENT } from '~/components/layout/PublishMenu';

/**
 * The navbar's publish menu dispatches `PUBLISH_EVENT` with `{ kind: 'post' }`; the discussions
 * page and a post's own "edit" button dispatch the same event with a board to preselect or the post
 * to edit. The host (mounted once by the navbar) listens and loads the dialog only then.
 */
export interface PublishPostDetail {
  kind: 'post';
  /** The post to edit (one's own); absent: a new post. */
  postId?: number;
  /** The board to preselect for a new post. */
  boardId?: number;
}

/** Sent after a post was published or saved, so that lists and pages showing it can refresh. */
export const POST_SAVED_EVENT = 'portal:post-saved';

export interface PostSavedDetail {
  postId: number;
  /** The post's status after the save: 10 pending review, 20 published. */
  status: number;
  edited: boolean;
}

const positiveId = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/** The post dialog's part of a publish event, read defensively (anyone can dispatch on `window`). */
export function readPublishPostDetail(event: Event): PublishPostDetail | null {
  const detail = (event as CustomEvent<unknown>).detail as Partial<PublishPostDetail> | null | undefined;
  if (!detail || detail.kind !== 'post') return null;
  return { kind: 'post', postId: positiveId(detail.postId), boardId: positiveId(detail.boardId) };
}

export function dispatchPublishPost(detail: Omit<PublishPostDetail, 'kind'>): void {
  window.dispatchEvent(new CustomEvent<PublishPostDetail>(PUBLISH_EVENT, { detail: { kind: 'post', ...detail } }));
}

export function dispatchPostSaved(detail: PostSavedDetail): void {
  window.dispatchEvent(new CustomEvent<PostSavedDetail>(POST_SAVED_EVENT, { detail }));
}
