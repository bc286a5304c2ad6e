import { lazySchema, z } from './zod';
import { defineCall, permission } from './call';
import { PERMISSIONS } from './permissions';
import { POINT_RULES } from './points';

/**
 * The back office's points rules (issue 22 item 1, decision 032): one row per rule and site, edited
 * by holders of points.manage on that site. A change applies to the next award and never rewrites
 * the ledger; every change is audited in its transaction.
 */

export const POINT_RULE_LIMITS = { amountMax: 10_000, dailyCapMax: 1_000 } as const;

export const pointsRuleSchema = lazySchema(() =>
  z.object({
    rule: z.enum(POINT_RULES as [string, ...string[]]),
    amount: z.number(),
    daily_cap: z.number().nullable().describe('awards a member may earn by the rule within 24 hours; null: no cap'),
    enabled: z.boolean(),
    default_amount: z.number().describe("decisions.md's amount"),
    default_daily_cap: z.number().nullable().describe("decisions.md's cap"),
    update_time: z.string().describe('ISO 8601 time of the last change'),
  }),
);
export type PointsRuleRow = z.infer<typeof pointsRuleSchema>;

const access = permission(PERMISSIONS.pointsManage);

export const adminPointsRules = defineCall({
  id: 'admin.points.rules',
  scope: 'site',
  path: '/admin/points/rules',
  write: false,
  access,
  tag: 'admin',
  summary: "The site's points rules, in the order of decisions.md, with their defaults",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.object({ list: z.array(pointsRuleSchema) })),
});

export const pointsRuleInputSchema = lazySchema(() =>
  z.strictObject({
    rule: z.enum(POINT_RULES as [string, ...string[]], { message: 'pointsAdmin.rules.ruleInvalid' }),
    amount: z
      .number({ message: 'pointsAdmin.rules.amountRule' })
      .int({ message: 'pointsAdmin.rules.amountRule' })
      .min(1, { message: 'pointsAdmin.rules.amountRule' })
      .max(POINT_RULE_LIMITS.amountMax, { message: 'pointsAdmin.rules.amountRule' })
      .describe('points per award'),
    daily_cap: z
      .number({ message: 'pointsAdmin.rules.dailyCapRule' })
      .int({ message: 'pointsAdmin.rules.dailyCapRule' })
      .min(1, { message: 'pointsAdmin.rules.dailyCapRule' })
      .max(POINT_RULE_LIMITS.dailyCapMax, { message: 'pointsAdmin.rules.dailyCapRule' })
      .nullable()
      .describe('awards within 24 hours; null: no cap'),
    enabled: z.boolean({ message: 'pointsAdmin.rules.enabledRule' }),
  }),
);

export const adminPointsUpdateRule = defineCall({
  id: 'admin.points.updateRule',
  scope: 'site',
  path: '/admin/points/updateRule',
  write: true,
  access,
  tag: 'admin',
  summary:
    "Sets one rule of the site (amount, daily cap, on or off); applies from the next award, the ledger stays as it is. Audited with the rule's values before and after.",
  body: pointsRuleInputSchema,
  data: pointsRuleSchema,
});

export const pointsAdminCalls = [adminPointsRules, adminPointsUpdateRule] as const;
