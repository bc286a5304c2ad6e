import type { ThreadComment } from '@portal/contracts/comments';

/** What a call answered that the comment pieces use: its data and its success words, or nothing. */
export type Answered<T> = { data: T; msg: string } | null;

/**
 * The calls of one commented kind (a post, a topic article), bound to the item: the shared comment
 * pieces (`CommentsBlock`, `CommentForm`) are the same for every kind, each kind gives its calls.
 */
export interface CommentApi {
  add(content: string, parentId?: number): Promise<Answered<ThreadComment>>;
  replies(commentId: number, cursor: string): Promise<Answered<{ list: ThreadComment[]; next_cursor: string | null }>>;
  remove(commentId: number): Promise<Answered<null>>;
  like(commentId: number): Promise<Answered<{ is_liked: boolean; like_count: number }>>;
  /** After any write: the item's comment pages and the item (its counts) again. */
  refresh(): Promise<void>;
}

/** A call's result as `Answered`. */
export function answered<T>(
  result: { ok: true; data: T; envelope: { msg?: string | null } } | { ok: false },
): Answered<T> {
  return result.ok ? { data: result.data, msg: result.envelope.msg ?? '' } : null;
}
