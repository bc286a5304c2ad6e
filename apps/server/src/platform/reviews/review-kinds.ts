import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import type { Permission } from '@portal/contracts/permissions';
import type { Lang, Site } from '@portal/contracts/sites';
import type { z } from '@portal/contracts/zod';
import type { REVIEW_STATUS, reviewContentSchema } from '@portal/contracts/reviews';
import type { DB } from '../../db/schema';
import type { SignedInMember } from '../../http/register-call';
import type { Executor } from '../../db/executor';
import type { ReviewKind } from './review-queue';

export type ReviewContent = z.infer<typeof reviewContentSchema>;

/** Who may see which items of a kind in the queue: all of the site's, none, or those matching a condition. */
export type QueueScope = 'all' | 'none' | ((eb: ExpressionBuilder<DB, 'review_items'>) => Expression<SqlBool>);

/**
 * One kind of content that goes through the one review queue. Posts now; topic articles,
 * e-magazine submissions and applications join by registering their adapter in `app.ts`
 * (`reviewKinds`), never by a second queue, and the queue never imports them.
 */
export interface ReviewKindAdapter {
  kind: ReviewKind;
  /** The permission that lets staff decide items of this kind (maybe held only in some boards or topics). */
  permission: Permission;
  /** The items of the managed site this member may see in the queue. */
  queueScope(user: SignedInMember): QueueScope;
  /** Whether this member may decide (and open) this item, or 'gone' when the item was deleted. */
  mayReview(executor: Executor, user: SignedInMember, itemId: number): Promise<boolean | 'gone'>;
  /** The item as members will see it: title, sanitised HTML, facts, attachments; null when it is gone. */
  render(executor: Executor, itemId: number, lang: Lang): Promise<ReviewContent | null>;
  /** Where the author (and staff) see the item, also while it is not published. */
  previewUrl(site: Site, itemId: number): string;
  /**
   * Applies a decision to the item inside the deciding transaction: approved (20) or rejected (30).
   * False when the item is gone; the decision is then rolled back.
   */
  applyDecision(
    executor: Executor,
    itemId: number,
    status: typeof REVIEW_STATUS.approved | typeof REVIEW_STATUS.rejected,
    now: number,
  ): Promise<boolean>;
}

/** The kinds the queue holds, by name: what `app.ts` registers, one adapter per domain that is reviewed. */
export type ReviewKindRegistry = ReadonlyMap<string, ReviewKindAdapter>;

export function reviewKindRegistry(adapters: readonly ReviewKindAdapter[]): ReviewKindRegistry {
  const kinds = new Map<string, ReviewKindAdapter>();
  for (const adapter of adapters) {
    if (kinds.has(adapter.kind)) throw new Error(`review kind ${adapter.kind} is registered twice`);
    kinds.set(adapter.kind, adapter);
  }
  return kinds;
}
