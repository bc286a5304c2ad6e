/** Business constants and limits of spec section 9. */
import { LEVEL_FLOORS, levelStanding } from './points';
export const BACK_TO_TOP_THRESHOLD_PX = 200;
export const REQUEST_TIMEOUT_MS = 300_000;
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;
export const SEARCH_KEYWORD_MAX = 20;
export const EDITOR_MAX_WORDS = 10_000;
export const PAGE_SIZE = 15;
/**
 * The largest id a call may name: rows are numbered by PostgreSQL `integer` (SQLite takes more), and a
 * larger number in a query is a database error, not a missing row.
 */
export const ID_MAX = 2_147_483_647;

export const UPLOAD_DEFAULTS = {
  fileSizeMb: 5,
  importFileSizeMb: 5,
  fileTypes: ['doc', 'xls', 'ppt', 'txt', 'pdf'],
  importTypes: ['xls', 'xlsx'],
  formAttachmentTypes: ['pdf', 'mp4', 'txt', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
  fileLimit: 9,
} as const;

export const CLOUD_MULTIPART = { partSize: 2_097_152, parallel: 10, timeoutMs: 600_000 } as const;

export const EDITOR = {
  height: 600,
  formHeight: 500,
  fontSizeMinPx: 12,
  fontSizeMaxPx: 72,
  linkTruncateOver: 30,
  linkTruncateTo: 20,
} as const;

export const POST_SOURCE_DEFAULT = 10;
export const ARTICLE_SOURCE = { original: 10, reprint: 20 } as const;
export const EXPERT_FLAG = { normal: 10, expert: 20 } as const;
export const FOLLOWED_FLAG = 1;
export const IS_EDIT = { complete: 1, incomplete: 2 } as const;
export const MESSAGE_READ = 2;
export const ATT_STORAGE_CLOUD = 2;

export const DIALOG_DELAYS_MS = { close: 20, resetUpload: 200, resetForm: 500, followClose: 1000 } as const;
export const DIALOG_WIDTHS = { feedback: 560, post: 879, journal: 726, profile: 550, success: 500 } as const;
export const MESSAGE_POPOVER_WIDTH = 400;

export const SIGN_BADGES = [10, 20, 30, 40, 50, 60, 70, 80] as const;
export const MEDALS = [1, 2, 3, 4] as const;

/** Review statuses of decisions.md: pending, approved, rejected, withdrawn. */
export const REVIEW_STATUS = { pending: 10, approved: 20, rejected: 30, withdrawn: 40 } as const;

/** Cumulative points at which Lv1..Lv8 start (decisions.md). */
export const LEVEL_THRESHOLDS = LEVEL_FLOORS;

/** Event states, derived from time, never stored (decisions.md). */
export const ACTIVITY_STATE = { notStarted: 10, registering: 20, inProgress: 30, ended: 40 } as const;

export const VISITOR_ID_LENGTH = 16;

export function levelForPoints(points: number): number {
  return levelStanding(points).level;
}

/** Identity badges (`user_logo_arr`) derive from roles (decisions.md, People). */
export const ROLE_BADGES: Record<string, number> = {
  expert: 10,
  mvp: 20,
  moderator: 30,
  topic_host: 40,
  enterprise: 50,
  kol: 60,
  editor: 70,
  admin: 80,
};

/** Medals 1..4 (bronze, silver, gold, diamond) come at Lv3, Lv5, Lv7 and Lv8; 0 is none. */
export function medalForLevel(level: number): number {
  return levelStanding(LEVEL_THRESHOLDS[Math.min(Math.max(level, 1), LEVEL_THRESHOLDS.length) - 1] ?? 0).medal;
}
