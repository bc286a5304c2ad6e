/**
 * The points rules of decisions.md "Points, levels, medals", by the code the ledger and the
 * `points_rules` table keep. Amounts and daily caps are rows per site (admins edit them); the codes
 * are fixed, so the server's domains, the web and the back office speak of the same rules.
 */
export const POINT_RULE = {
  dailySignIn: 'daily_signin',
  postPublished: 'post_published',
  topicArticleApproved: 'topic_article_approved',
  emagazineApproved: 'emagazine_approved',
  comment: 'comment',
  answerAccepted: 'answer_accepted',
  eventSignUp: 'event_signup',
  eventAttended: 'event_attended',
  questionnaireAnswered: 'questionnaire_answered',
} as const;

export type PointRule = (typeof POINT_RULE)[keyof typeof POINT_RULE];

export const POINT_RULES: readonly PointRule[] = Object.values(POINT_RULE);

/**
 * Ledger codes of points spent (negative rows), which no rule awards: extra raffle chances bought
 * (decision 037). The points history names them beside the rules.
 */
export const POINT_SPEND = { raffleChance: 'raffle_chance' } as const;

export type PointSpend = (typeof POINT_SPEND)[keyof typeof POINT_SPEND];

/** Every code a ledger row may carry: the rules' and the spends'. */
export const LEDGER_CODES: readonly (PointRule | PointSpend)[] = [...POINT_RULES, ...Object.values(POINT_SPEND)];

/** The defaults of decisions.md, which the rules table starts with on every site. */
export const POINT_RULE_DEFAULTS: Readonly<Record<PointRule, { amount: number; dailyCap: number | null }>> = {
  daily_signin: { amount: 2, dailyCap: null },
  post_published: { amount: 5, dailyCap: null },
  topic_article_approved: { amount: 20, dailyCap: null },
  emagazine_approved: { amount: 50, dailyCap: null },
  comment: { amount: 1, dailyCap: 20 },
  answer_accepted: { amount: 10, dailyCap: null },
  event_signup: { amount: 3, dailyCap: null },
  event_attended: { amount: 10, dailyCap: null },
  questionnaire_answered: { amount: 5, dailyCap: null },
};

/** Cumulative points at which Lv1..Lv8 start (decisions.md); the same list as constants.ts. */
export const LEVEL_FLOORS = [0, 100, 300, 600, 1000, 2000, 5000, 10000] as const;
export const TOP_LEVEL = LEVEL_FLOORS.length;

/** Medals 1..4 (bronze, silver, gold, diamond) and the level each comes at (decisions.md). */
export const MEDAL_LEVELS = [3, 5, 7, 8] as const;

export interface LevelStanding {
  /** 1..8 */
  level: number;
  /** 0 none, 1 bronze, 2 silver, 3 gold, 4 diamond. */
  medal: number;
  /** Points at which the member's level started. */
  floor: number;
  /** Points at which the next level starts; null at Lv8. */
  next: number | null;
  /** How far from this level's floor to the next, 0..1 (1 at Lv8). */
  progress: number;
}

/**
 * Where a points total stands: level, medal and the way to the next level. The one function the
 * server (profile cards, member lists, the level-up message) and the pages (navbar, personal
 * centre) read levels and medals with; a negative total counts as 0.
 */
export function levelStanding(total: number): LevelStanding {
  const points = Math.max(0, Math.floor(Number.isFinite(total) ? total : 0));
  let index = 0;
  for (let i = 0; i < LEVEL_FLOORS.length; i++) if (points >= LEVEL_FLOORS[i]!) index = i;
  const level = index + 1;
  const floor = LEVEL_FLOORS[index]!;
  const next = index + 1 < LEVEL_FLOORS.length ? LEVEL_FLOORS[index + 1]! : null;
  let medal = 0;
  MEDAL_LEVELS.forEach((at, i) => {
    if (level >= at) medal = i + 1;
  });
  return { level, medal, floor, next, progress: next === null ? 1 : (points - floor) / (next - floor) };
}
