import type { Envelope } from '@portal/contracts/envelope';
import { STATUS } from '@portal/contracts/envelope';
import type { Catalogue } from '@portal/locales/catalogues';

/** The waits of spec 8, in one place. */
export const STATUS_DELAYS = {
  /** 401: from the answer to the login page. */
  loginMs: 1_000,
  /** 4001: from the message to the new window. */
  openUrlMs: 2_000,
  /** 4002: from the message to the route change. */
  routeUrlMs: 2_000,
  /** 203: from the message to the personal centre. */
  completeInfoMs: 4_000,
  /** Transport errors stay on screen this long (a toast duration, in seconds). */
  transportErrorSeconds: 5,
} as const;

export type RequestTexts = Catalogue['request'];

export type FollowUp =
  | { kind: 'login' }
  | { kind: 'completeInfo' }
  | { kind: 'openUrl'; url: unknown }
  | { kind: 'routeUrl'; url: unknown };

/** What the client does with an envelope, decided from its status alone (spec 8's table). */
export interface StatusReaction {
  /** 1 and 200: the answer goes back to the caller as a success. */
  pass: boolean;
  /** The text shown, and the text of the error handed back when there is no toast. */
  message?: { text: string; tone: 'error' | 'warning' };
  clearSession?: boolean;
  followUp?: { afterMs: number; action: FollowUp };
}

function urlOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
}

/**
 * Spec 8's status catalogue as data. `msg` rows fall back to 'Interface error!' when the server sent
 * no text; statuses compare as text, so `200` and `'200'` are the same row.
 */
export function reactionTo(envelope: Envelope<unknown>, texts: RequestTexts): StatusReaction {
  const msg = typeof envelope.msg === 'string' && envelope.msg.trim() ? envelope.msg : texts.interfaceError;
  switch (String(envelope.status)) {
    case '1':
    case String(STATUS.ok):
      return { pass: true };
    case String(STATUS.refused):
      return { pass: false, message: { text: msg, tone: 'warning' } };
    case String(STATUS.needInfo):
      return {
        pass: false,
        message: { text: msg, tone: 'warning' },
        followUp: { afterMs: STATUS_DELAYS.completeInfoMs, action: { kind: 'completeInfo' } },
      };
    case String(STATUS.unauthorized):
      return {
        pass: false,
        clearSession: true,
        followUp: { afterMs: STATUS_DELAYS.loginMs, action: { kind: 'login' } },
      };
    case String(STATUS.forbidden):
      return { pass: false, message: { text: texts.noPermission, tone: 'error' } };
    case String(STATUS.notFound):
      return { pass: false, message: { text: texts.notExist, tone: 'error' } };
    case STATUS.silent:
      return { pass: false };
    case String(STATUS.serverError):
      return { pass: false, message: { text: texts.serverError, tone: 'error' } };
    case String(STATUS.openUrl):
      return {
        pass: false,
        message: { text: msg, tone: 'warning' },
        followUp: { afterMs: STATUS_DELAYS.openUrlMs, action: { kind: 'openUrl', url: urlOf(envelope.data) } },
      };
    case String(STATUS.routeUrl):
      return {
        pass: false,
        message: { text: msg, tone: 'warning' },
        followUp: { afterMs: STATUS_DELAYS.routeUrlMs, action: { kind: 'routeUrl', url: urlOf(envelope.data) } },
      };
    case String(STATUS.validation):
      return { pass: false, message: { text: msg, tone: 'error' } };
    default:
      return { pass: false, message: { text: texts.networkError, tone: 'error' } };
  }
}
