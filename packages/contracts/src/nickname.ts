/**
 * Nicknames members cannot abuse (issue 15): one normal form, nothing invisible, and no name that
 * passes for the site's staff. Shared by the register and account calls' schema, so the browser
 * form and the server refuse the same names with the same words.
 */

/** Longest raw nickname read at all, so normalising never works on a huge string. */
export const NICKNAME_RAW_MAX = 200;

/**
 * Characters that show nothing or reorder what is shown: controls (Cc), format characters (Cf: zero
 * width space, joiners, word joiner, BOM, bidi embeddings, overrides, isolates and marks, the Arabic
 * letter mark, soft hyphen, tags) and the blank letters and marks that render as nothing (Hangul
 * fillers, combining grapheme joiner, Braille blank, Khmer inherent vowels, variation selectors).
 */
// eslint-disable-next-line no-misleading-character-class -- each mark is matched on its own, to be removed
const INVISIBLE = /[\p{Cc}\p{Cf}\u034F\u115F\u1160\u17B4\u17B5\u2800\u3164\uFFA0\uFE00-\uFE0F]/gu;

/**
 * The stored form of a typed nickname: invisible characters removed, NFKC (fullwidth `ａｄｍｉｎ`
 * becomes `admin`, ligatures and compatibility forms their plain letters), any run of white space
 * one space, no space at either end. The length rule applies to this form.
 */
export function normalizeNickname(value: string): string {
  return value.replace(INVISIBLE, '').normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

/**
 * Names only staff may carry: the generic ones and every built-in role's code and name in both
 * languages (packages/contracts/src/permissions.ts, the roles migration and the badges of
 * packages/locales; a unit test keeps this list complete).
 */
export const RESERVED_NICKNAMES: readonly string[] = [
  'admin',
  'administrator',
  'root',
  'system',
  'staff',
  'moderator',
  'official',
  '管理员',
  '系统',
  '官方',
  '版主',
  // Built-in roles: codes, English and Chinese names.
  'member',
  'expert',
  'mvp',
  'topic_host',
  'topic host',
  'enterprise',
  'enterprise member',
  'kol',
  'editor',
  '会员',
  '专家',
  '专题主持人',
  '企业会员',
  '编辑',
];

/** How reserved names compare: case-insensitive, without spaces, underscores, hyphens or dots. */
function reservedKey(value: string): string {
  return normalizeNickname(value)
    .toLowerCase()
    .replace(/[\s_\-.·・]/gu, '');
}

const RESERVED = new Set(RESERVED_NICKNAMES.map(reservedKey));

/** Whether a nickname (raw or normalised) is one only staff may carry. */
export function isReservedNickname(value: string): boolean {
  return RESERVED.has(reservedKey(value));
}
