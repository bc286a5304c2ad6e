/**
 * Roles and named permissions (decisions.md, People and Back office; issue 4). A call's access rule
 * names one of these; the server grants it from the member's roles on the call's site, and the
 * permission switch of spec 6 hides what the member may not do.
 */
export const PERMISSIONS = {
  // What every signed-in member may do unless an admin takes it from the member role.
  feedbackSend: 'feedback.send',
  postPublish: 'post.publish',
  articlePublish: 'article.publish',
  journalSubmit: 'journal.submit',
  // Staff.
  adminAccess: 'admin.access',
  userManage: 'user.manage',
  roleManage: 'role.manage',
  dictionaryManage: 'dictionary.manage',
  bannerManage: 'banner.manage',
  settingManage: 'setting.manage',
  pageManage: 'page.manage',
  feedbackManage: 'feedback.manage',
  messageBroadcast: 'message.broadcast',
  auditRead: 'audit.read',
  eventManage: 'event.manage',
  topicManage: 'topic.manage',
  pointsManage: 'points.manage',
  journalManage: 'journal.manage',
  raffleManage: 'raffle.manage',
  expertManage: 'expert.manage',
  // Content: moderators hold post.moderate for their boards, topic hosts review.article for their topics.
  postModerate: 'post.moderate',
  reviewPost: 'review.post',
  reviewArticle: 'review.article',
  reviewJournal: 'review.journal',
  reviewExpert: 'review.expert',
  // Cooperation (decision 045): the pages and partner companies, and the applications' review.
  cooperationManage: 'cooperation.manage',
  reviewCooperation: 'review.cooperation',
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export const PERMISSION_LIST: readonly Permission[] = Object.values(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return (PERMISSION_LIST as readonly string[]).includes(value);
}

/** A role held within one board or one topic rather than a whole site. */
export type RoleScopeKind = 'board' | 'topic';

/** Permissions that a board- or topic-scoped role carries only inside its board or topic. */
export const SCOPABLE_PERMISSIONS: Readonly<Partial<Record<Permission, RoleScopeKind>>> = {
  'post.moderate': 'board',
  'review.post': 'board',
  'review.article': 'topic',
};

/** Every signed-in member holds the member role; it is never granted row by row. */
export const MEMBER_ROLE = 'member';
/** Admins hold every permission, including ones added later; their set is not editable. */
export const ADMIN_ROLE = 'admin';
/** MVPs hold their role for a term (decision 044): granted, changed and ended on the experts and MVPs screen only. */
export const MVP_ROLE = 'mvp';
/** Partners: enterprise members of a partner company (badge 50, decision 045); partner-only material is theirs. */
export const PARTNER_ROLE = 'enterprise';

export interface BuiltinRole {
  code: string;
  /** Granted per board or per topic instead of per site. */
  scope: RoleScopeKind | null;
  /** Identity badge (`user_logo_arr`, 10..80), when the role shows one. */
  badge: number | null;
  /** The permissions the role starts with; admins may change them (except the admin role's). */
  defaults: readonly Permission[];
}

/** The roles of decisions.md, People. Admins may add their own staff roles beside these. */
export const BUILTIN_ROLES: readonly BuiltinRole[] = [
  {
    code: MEMBER_ROLE,
    scope: null,
    badge: null,
    defaults: [
      PERMISSIONS.feedbackSend,
      PERMISSIONS.postPublish,
      PERMISSIONS.articlePublish,
      PERMISSIONS.journalSubmit,
    ],
  },
  { code: 'expert', scope: null, badge: 10, defaults: [] },
  { code: 'mvp', scope: null, badge: 20, defaults: [] },
  { code: 'moderator', scope: 'board', badge: 30, defaults: [PERMISSIONS.postModerate, PERMISSIONS.reviewPost] },
  { code: 'topic_host', scope: 'topic', badge: 40, defaults: [PERMISSIONS.reviewArticle] },
  { code: 'enterprise', scope: null, badge: 50, defaults: [] },
  { code: 'kol', scope: null, badge: 60, defaults: [] },
  {
    code: 'editor',
    scope: null,
    badge: 70,
    defaults: [PERMISSIONS.adminAccess, PERMISSIONS.reviewJournal, PERMISSIONS.journalManage],
  },
  { code: ADMIN_ROLE, scope: null, badge: 80, defaults: PERMISSION_LIST },
];

/** A role code: lower-case letters, digits and underscores, starting with a letter. */
export const ROLE_CODE_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;
