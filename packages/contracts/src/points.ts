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
