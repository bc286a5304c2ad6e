import { postReviewKind } from '../discussions/post-review-kind';
import type { ReviewKindAdapter } from './review-kinds';
import type { ReviewKind } from './review-queue';

/**
 * Every kind in the review queue, one adapter each. A kind added to `ReviewKind` must be registered
 * here (the Record type says so) — that is all it takes to join the queue.
 */
export const REVIEW_KIND_ADAPTERS: Readonly<Record<ReviewKind, ReviewKindAdapter>> = {
  post: postReviewKind,
};

export function reviewKindAdapter(kind: string): ReviewKindAdapter | undefined {
  return Object.hasOwn(REVIEW_KIND_ADAPTERS, kind) ? REVIEW_KIND_ADAPTERS[kind as ReviewKind] : undefined;
}
