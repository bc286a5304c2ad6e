import { lazySchema, z } from './zod';
import { ID_MAX } from './constants';
import { defineCall, MEMBER, MEMBER_WITH_INFORMATION, PUBLIC } from './call';
import { userBriefSchema } from './home';
import { isReservedNickname, NICKNAME_RAW_MAX, normalizeNickname } from './nickname';

/**
 * Accounts (spec 2 login, information, forget, userinfo; spec 3 current user and profile card;
 * decisions.md People). Validation messages are catalogue keys (`accounts.*`), so the browser form
 * and the server's 40001 answer say the same words in the same language.
 */

/** 8 to 64 characters: the spec's hint of 6 to 20 is below current guidance (NIST SP 800-63B). */
export const PASSWORD_RULE = { min: 8, max: 64 } as const;
export const NICKNAME_RULE = { min: 2, max: 20 } as const;
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_RESEND_MS = 60_000;
export const SESSION_TTL_MS = 30 * 24 * 3_600_000;
export const SIGN_IN_FAILURES_ALLOWED = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export const CODE_CHANNELS = ['email', 'sms'] as const;
export const CODE_PURPOSES = ['register', 'login', 'reset'] as const;

const email = lazySchema(() =>
  z.email({ message: 'accounts.emailInvalid' }).max(254, { message: 'accounts.emailInvalid' }),
);
/** Mainland mobile numbers, or international numbers in E.164 form. */
const mobile = lazySchema(() =>
  z
    .string({ message: 'accounts.mobileInvalid' })
    .regex(/^(?:1[3-9]\d{9}|\+[1-9]\d{7,14})$/, { message: 'accounts.mobileInvalid' }),
);
const password = lazySchema(() =>
  z
    .string({ message: 'accounts.passwordRule' })
    .min(PASSWORD_RULE.min, { message: 'accounts.passwordRule' })
    .max(PASSWORD_RULE.max, { message: 'accounts.passwordRule' }),
);
const code = lazySchema(() =>
  z.string({ message: 'accounts.codeInvalid' }).regex(/^\d{6}$/, { message: 'accounts.codeInvalid' }),
);
/**
 * A member's nickname, by registration and by account editing alike: normalised first (NFKC,
 * invisible and bidi characters removed, white space collapsed; see nickname.ts), then the length
 * rule on what remains, then the names reserved for staff.
 */
const nickname = lazySchema(() =>
  z
    .string({ message: 'accounts.nicknameRule' })
    .max(NICKNAME_RAW_MAX, { message: 'accounts.nicknameRule' })
    .transform(normalizeNickname)
    .pipe(
      z
        .string()
        .min(NICKNAME_RULE.min, { message: 'accounts.nicknameRule' })
        .max(NICKNAME_RULE.max, { message: 'accounts.nicknameRule' })
        .refine((v) => !isReservedNickname(v), { message: 'accounts.nicknameReserved' }),
    ),
);

/**
 * A body that names where a one-time code goes, an email address or a mobile number checked by its
 * channel, plus the call's own fields. Strict: unknown fields are refused.
 */
function withCodeTarget<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.discriminatedUnion(
    'channel',
    [
      z.strictObject({ channel: z.literal('email'), target: email, ...shape }),
      z.strictObject({ channel: z.literal('sms'), target: mobile, ...shape }),
    ],
    { message: 'accounts.channelInvalid' },
  );
}

/** The new password typed twice: a difference is a 40001 on `password_confirm`. */
const confirmed = {
  check: (body: { password: string; password_confirm: string }) => body.password === body.password_confirm,
  params: { message: 'accounts.passwordMismatch', path: ['password_confirm'] },
};
const passwordConfirm = lazySchema(() => z.string({ message: 'accounts.passwordMismatch' }).max(PASSWORD_RULE.max));

/** What a member has contributed and how many follow or are followed, shown on cards and in the centre. */
const memberCounts = lazySchema(() => ({
  user_topic_article_count: z.number(),
  user_post_count: z.number(),
  user_comment_count: z.number(),
  user_que_count: z.number(),
  user_follow_count: z.number(),
  user_fans_count: z.number(),
}));

export const currentUserSchema = lazySchema(() =>
  userBriefSchema.extend({
    user_name: z.string().describe('real name'),
    user_company: z.string(),
    user_job_title: z.string(),
    user_industry: z.number().nullable(),
    user_contact_mobile: z.string(),
    user_contact_email: z.string(),
    user_expert: z.number().describe('20 means expert'),
    is_edit: z.number().describe('2 until the information page is completed, then 1'),
    ...memberCounts,
  }),
);
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const profileCardSchema = lazySchema(() =>
  userBriefSchema.extend({
    ...memberCounts,
    have_be_follow: z.number().describe('1 when the viewer follows this member'),
    is_self: z.boolean(),
  }),
);
export type ProfileCard = z.infer<typeof profileCardSchema>;

export const sendCode = defineCall({
  id: 'user.sendCode',
  scope: 'site',
  path: '/api/user/sendCode',
  write: true,
  access: PUBLIC,
  tag: 'accounts',
  summary:
    'Sends a 6-digit one-time code (valid 10 minutes, one send per target per minute). Answers the same whether an account exists or not.',
  body: lazySchema(() => withCodeTarget({ purpose: z.enum(CODE_PURPOSES) })),
  data: lazySchema(() => z.object({ resend_after_seconds: z.number() })),
});

export const register = defineCall({
  id: 'user.register',
  scope: 'site',
  path: '/api/user/register',
  write: true,
  access: PUBLIC,
  tag: 'accounts',
  summary: 'Registers with an email or mobile number and a code; signs the new member in',
  body: lazySchema(() =>
    withCodeTarget({
      user_nick_name: nickname,
      password,
      code,
      agree: z.literal(true, { message: 'accounts.mustAgree' }),
    }),
  ),
  data: currentUserSchema,
});

export const login = defineCall({
  id: 'user.login',
  scope: 'site',
  path: '/api/user/login',
  write: true,
  access: PUBLIC,
  tag: 'accounts',
  summary:
    'Signs in with an email or mobile number and a password; at most 5 failures per account and per IP in 15 minutes. A wrong password answers data.remaining_attempts: the failures left before that limit',
  body: lazySchema(() =>
    z.strictObject({
      account: z
        .string({ message: 'accounts.accountRequired' })
        .trim()
        .min(1, { message: 'accounts.accountRequired' })
        .max(254),
      password: z
        .string({ message: 'accounts.passwordRequired' })
        .min(1, { message: 'accounts.passwordRequired' })
        .max(PASSWORD_RULE.max),
    }),
  ),
  data: currentUserSchema,
});

export const loginByCode = defineCall({
  id: 'user.loginByCode',
  scope: 'site',
  path: '/api/user/loginByCode',
  write: true,
  access: PUBLIC,
  tag: 'accounts',
  summary: 'Signs in with a one-time code sent by email or SMS',
  body: lazySchema(() => withCodeTarget({ code })),
  data: currentUserSchema,
});

export const resetPassword = defineCall({
  id: 'user.forget',
  scope: 'site',
  path: '/api/user/forget',
  write: true,
  access: PUBLIC,
  tag: 'accounts',
  summary: 'Sets a new password with a recovery code; ends every session of the account',
  body: lazySchema(() =>
    withCodeTarget({ code, password, password_confirm: passwordConfirm }).refine(confirmed.check, confirmed.params),
  ),
  data: lazySchema(() => z.null()),
});

export const logout = defineCall({
  id: 'user.logout',
  scope: 'site',
  path: '/api/user/logout',
  write: true,
  access: MEMBER,
  tag: 'accounts',
  summary: 'Ends the current session and removes the cookie',
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.null()),
});

export const getMyInfo = defineCall({
  id: 'user.getMyInfo',
  scope: 'site',
  path: '/api/user/getMyInfo',
  write: false,
  access: MEMBER,
  tag: 'accounts',
  summary: 'The signed-in member (spec 3, current user) with their named permissions on this site',
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() =>
    currentUserSchema.extend({
      /** Named permissions on this site: the permission switch (spec 6) and the back-office link. */
      permissions: z.array(z.string()),
      /**
       * Permissions held only for some boards or topics of this site (a board moderator's
       * post.moderate): the navbar's moderator-zone link. The server checks the board on every call.
       */
      scoped_permissions: z.array(z.string()),
    }),
  ),
});

/** The signed-in member as getMyInfo answers: the current user plus their permissions on the site. */
export type MyInfo = z.infer<typeof getMyInfo.data>;

export const saveInformation = defineCall({
  id: 'user.saveInformation',
  scope: 'site',
  path: '/api/user/saveInformation',
  write: true,
  access: MEMBER,
  tag: 'accounts',
  summary: 'Completes the member information (is_edit becomes 1)',
  body: lazySchema(() =>
    z.strictObject({
      user_name: z
        .string({ message: 'accounts.realNameRequired' })
        .trim()
        .min(1, { message: 'accounts.realNameRequired' })
        .max(64),
      user_company: z
        .string({ message: 'accounts.companyRequired' })
        .trim()
        .min(1, { message: 'accounts.companyRequired' })
        .max(128),
      user_job_title: z
        .string({ message: 'accounts.jobTitleRequired' })
        .trim()
        .min(1, { message: 'accounts.jobTitleRequired' })
        .max(128),
      user_industry: z
        .number({ message: 'accounts.industryRequired' })
        .int({ message: 'accounts.industryRequired' })
        .positive({ message: 'accounts.industryRequired' })
        .max(ID_MAX, { message: 'accounts.industryRequired' })
        .describe("id of an 'industry' dictionary entry of the site"),
      user_contact_mobile: mobile,
      user_contact_email: email,
    }),
  ),
  data: currentUserSchema,
});

export const updateAccount = defineCall({
  id: 'user.updateAccount',
  scope: 'site',
  path: '/api/user/updateAccount',
  write: true,
  access: MEMBER,
  tag: 'accounts',
  summary: 'Changes the nickname and contact details of the signed-in member',
  body: lazySchema(() =>
    z.strictObject({
      user_nick_name: nickname.optional(),
      user_contact_mobile: mobile.optional(),
      user_contact_email: email.optional(),
    }),
  ),
  data: currentUserSchema,
});

export const changePassword = defineCall({
  id: 'user.changePassword',
  scope: 'site',
  path: '/api/user/changePassword',
  write: true,
  access: MEMBER,
  tag: 'accounts',
  summary: 'Changes the password; every other session of the member ends',
  body: lazySchema(() =>
    z
      .strictObject({
        old_password: z
          .string({ message: 'accounts.passwordRequired' })
          .min(1, { message: 'accounts.passwordRequired' })
          .max(PASSWORD_RULE.max),
        password,
        password_confirm: passwordConfirm,
      })
      .refine(confirmed.check, confirmed.params),
  ),
  data: lazySchema(() => z.null()),
});

export const userDetail = defineCall({
  id: 'user.userDetail',
  scope: 'site',
  path: '/user/userDetail',
  write: false,
  access: PUBLIC,
  tag: 'accounts',
  summary: 'The profile card of a member (spec 3)',
  body: lazySchema(() => z.strictObject({ id: z.number().int().positive().max(ID_MAX) })),
  data: profileCardSchema,
});

export const followToggle = defineCall({
  id: 'userfollow.add',
  scope: 'site',
  path: '/userfollow/add',
  write: true,
  access: MEMBER_WITH_INFORMATION,
  tag: 'accounts',
  summary: 'Follows a member, or unfollows when already following (a toggle)',
  body: lazySchema(() => z.strictObject({ user_id: z.number().int().positive().max(ID_MAX) })),
  data: lazySchema(() => z.object({ have_be_follow: z.number(), user_fans_count: z.number() })),
});

export const accountCalls = [
  sendCode,
  register,
  login,
  loginByCode,
  resetPassword,
  logout,
  getMyInfo,
  saveInformation,
  updateAccount,
  changePassword,
  userDetail,
  followToggle,
] as const;

/** The avatar (spec 5 hint: photo JPG/JPEG/PNG up to 3 MB), redrawn by the server as a square JPEG. */
export const AVATAR_RULE = {
  maxBytes: 3 * 1024 * 1024,
  maxMb: 3,
  types: ['jpg', 'jpeg', 'png'],
  size: 256,
} as const;

export const avatarDataSchema = lazySchema(() => z.object({ user_avatar_att_url: z.string() }));

/**
 * Uploads the signed-in member's avatar: `POST /api/{site}/api/user/uploadAvatar`, multipart with
 * one file in the field `file`, header `isapi: 1`. Not a JSON call, so not made with `defineCall`;
 * answers the envelope with `avatarDataSchema`. Refusals are 40001 naming `file` (wrong type by
 * content, empty) or 413 (over AVATAR_RULE.maxBytes), with the `accounts.avatar*` messages.
 */
export const uploadAvatar = {
  id: 'user.uploadAvatar',
  scope: 'site',
  path: '/api/user/uploadAvatar',
  field: 'file',
  write: true,
  access: MEMBER,
  data: avatarDataSchema,
} as const;
