import { levelStanding, type PointRule, type PointSpend } from '@portal/contracts/points';
import { siteById } from '@portal/contracts/sites';
import type { Executor } from '../../db/executor';
import { notify } from '../messages/messages.service';
import { pointsRepository as repo, type PointSource } from './points.repository';

export type { PointSource };

/** A daily cap counts the awards of the last 24 hours (a rolling day, as the comment cap always has). */
const DAY = 86_400_000;

export interface PointsEntry {
  userId: number;
  /** The site whose rule applies (and the ledger row's site). */
  siteId: number;
  rule: PointRule;
  source: PointSource;
  now: number;
}

/**
 * Awards a rule's points for an item (decisions.md "Points, levels, medals"; decision 016), inside the
 * caller's transaction so the points commit or fail with the change that earned them. The rule is
 * read from `points_rules` now: a disabled rule, a banned member, an item the member holds points for
 * already (once per member, rule and item, until they are taken back) or a reached daily cap award
 * nothing. Answers the points awarded.
 */
export async function award(executor: Executor, entry: PointsEntry): Promise<number> {
  const rule = await repo.rule(executor, entry.siteId, entry.rule);
  if (!rule || rule.enabled !== 1 || rule.amount <= 0) return 0;
  const member = await repo.lockMember(executor, entry.userId);
  if (!member) return 0;
  if (member.banned_until !== null && Number(member.banned_until) > entry.now) return 0;
  if ((await repo.held(executor, entry.userId, entry.rule, entry.source)) > 0) return 0;
  if (rule.daily_cap !== null) {
    const today = await repo.awardsSince(executor, entry.userId, entry.siteId, entry.rule, entry.now - DAY);
    if (today >= rule.daily_cap) return 0;
  }
  await repo.write(
    executor,
    {
      user_id: entry.userId,
      site_id: entry.siteId,
      rule: entry.rule,
      amount: rule.amount,
      source_kind: entry.source.kind,
      source_id: entry.source.id,
      created_at: entry.now,
    },
    true,
  );
  const earned = Number(member.points_earned);
  await announceLevels(executor, entry, earned, earned + rule.amount);
  return rule.amount;
}

/**
 * An in-site message for each level an award lifted the member to for the first time (decision 032):
 * Lv2 upwards, once per level whatever the total does later. `before` and `after` are points earned
 * (decision 041): a spend never lowers them, so spending and earning again re-announces nothing.
 */
async function announceLevels(executor: Executor, entry: PointsEntry, before: number, after: number) {
  const from = levelStanding(before).level;
  const to = levelStanding(after).level;
  for (let level = from + 1; level <= to; level++) {
    if (!(await repo.reachLevel(executor, entry.userId, level, entry.now))) continue;
    const site = siteById(entry.siteId);
    await notify(executor, entry.userId, {
      kind: 'level_reached',
      params: { level },
      url: site ? `/${site.prefix}/userinfo` : '',
      siteId: null,
    });
  }
}

/**
 * Takes back what a member holds for a rule and an item (the content went, the acceptance moved),
 * whatever the rule says now: the amount awarded then. Answers the points taken back.
 */
export async function takeBack(executor: Executor, entry: PointsEntry): Promise<number> {
  if (!(await repo.lockMember(executor, entry.userId))) return 0;
  const held = await repo.held(executor, entry.userId, entry.rule, entry.source);
  if (held <= 0) return 0;
  await repo.write(
    executor,
    {
      user_id: entry.userId,
      site_id: entry.siteId,
      rule: entry.rule,
      amount: -held,
      source_kind: entry.source.kind,
      source_id: entry.source.id,
      created_at: entry.now,
    },
    true,
  );
  return held;
}

/** Points a member spends on something (decision 037: extra raffle chances). */
export interface PointsSpend {
  userId: number;
  siteId: number;
  code: PointSpend;
  amount: number;
  source: PointSource;
  now: number;
}

/**
 * Debits a member's points in the caller's transaction: one negative ledger row, the balance lowered
 * with it; the points earned, and so the level and medal, stay (decision 041). The member's row is locked first (as awards lock it), so two spends racing cannot both
 * pass the balance check. Answers false, writing nothing, when the member has fewer points.
 */
export async function spend(executor: Executor, entry: PointsSpend): Promise<boolean> {
  const member = await repo.lockMember(executor, entry.userId);
  if (!member || Number(member.points) < entry.amount) return false;
  await repo.write(
    executor,
    {
      user_id: entry.userId,
      site_id: entry.siteId,
      rule: entry.code,
      amount: -entry.amount,
      source_kind: entry.source.kind,
      source_id: entry.source.id,
      created_at: entry.now,
    },
    false,
  );
  return true;
}

/** A ledger row from before the portal (the demo seed's history, an import), written as it stands. */
export interface PointsHistoryRow {
  userId: number;
  siteId: number;
  rule: PointRule;
  amount: number;
  source: PointSource | null;
  createdAt: number;
}

/**
 * Writes past awards as they stand (no rules, caps or bans apply to what already happened) and
 * raises each member's total by the sum of theirs, so totals stay equal to the ledger.
 */
export async function recordHistory(executor: Executor, rows: PointsHistoryRow[]): Promise<void> {
  await repo.writeHistory(
    executor,
    rows.map((r) => ({
      user_id: r.userId,
      site_id: r.siteId,
      rule: r.rule,
      amount: r.amount,
      source_kind: r.source?.kind ?? null,
      source_id: r.source?.id ?? null,
      created_at: r.createdAt,
    })),
  );
}
