import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { POINT_RULE_DEFAULTS, POINT_RULES, type PointRule } from '@portal/contracts/points';
import type { PointsRuleRow } from '@portal/contracts/points-admin';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { ApiError } from '../../http/api-error';
import { recordAudit } from '../audit/audit.service';

interface RuleRow {
  rule: string;
  amount: number;
  daily_cap: number | null;
  enabled: number;
  updated_at: number | string;
}

function ruleOut(row: RuleRow): PointsRuleRow {
  const rule = row.rule as PointRule;
  return {
    rule,
    amount: Number(row.amount),
    daily_cap: row.daily_cap === null ? null : Number(row.daily_cap),
    enabled: Number(row.enabled) === 1,
    default_amount: POINT_RULE_DEFAULTS[rule].amount,
    default_daily_cap: POINT_RULE_DEFAULTS[rule].dailyCap,
    update_time: new Date(Number(row.updated_at)).toISOString(),
  };
}

const readRules = (executor: Executor, siteId: number) =>
  executor
    .selectFrom('points_rules')
    .select(['rule', 'amount', 'daily_cap', 'enabled', 'updated_at'])
    .where('site_id', '=', siteId)
    .execute();

/**
 * The back office's points rules (decision 032). The points module reads a rule whenever it awards,
 * so an edit applies to the next award; past ledger rows are never touched.
 */
export function pointsAdminService(db: Kysely<DB>, clock: { now(): number }) {
  return {
    async list(site: Site): Promise<{ list: PointsRuleRow[] }> {
      const rows = await readRules(db, site.tws_id);
      const known = rows.filter((r) => (POINT_RULES as readonly string[]).includes(r.rule));
      known.sort((a, b) => POINT_RULES.indexOf(a.rule as PointRule) - POINT_RULES.indexOf(b.rule as PointRule));
      return { list: known.map(ruleOut) };
    },

    async update(
      site: Site,
      actorId: number,
      body: { rule: string; amount: number; daily_cap: number | null; enabled: boolean },
      request: Pick<FastifyRequest, 'ip' | 'id'>,
    ): Promise<PointsRuleRow> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('points_rules')
          .select(['rule', 'amount', 'daily_cap', 'enabled', 'updated_at'])
          .where('site_id', '=', site.tws_id)
          .where('rule', '=', body.rule)
          .executeTakeFirst();
        if (!before) throw ApiError.notFound('pointsApi.ruleNotFound');
        const values = { amount: body.amount, daily_cap: body.daily_cap, enabled: body.enabled ? 1 : 0 };
        await trx
          .updateTable('points_rules')
          .set({ ...values, updated_at: now })
          .where('site_id', '=', site.tws_id)
          .where('rule', '=', body.rule)
          .execute();
        const fields = (r: { amount: number; daily_cap: number | null; enabled: number }) => ({
          amount: Number(r.amount),
          daily_cap: r.daily_cap === null ? null : Number(r.daily_cap),
          enabled: Number(r.enabled) === 1,
        });
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'points.updateRule',
          targetKind: 'points_rule',
          targetId: body.rule,
          before: fields(before),
          after: fields(values),
          request,
          now,
        });
        return ruleOut({ rule: body.rule, ...values, updated_at: now });
      });
    },
  };
}
