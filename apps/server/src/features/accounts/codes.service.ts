import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CODE_RESEND_MS, CODE_TTL_MS, type CODE_PURPOSES } from '@portal/contracts/accounts';
import type { Lang } from '@portal/contracts/sites';
import { ApiError } from '../../http/api-error';
import { translate } from '../../lib/i18n';
import type { Mailer } from '../../platform/mail/mail';
import type { SmsProvider } from '../../platform/mail/sms';
import type { AccountsRepository, Login } from './accounts.repository';
import type { Clock } from './sessions.service';

export type CodePurpose = (typeof CODE_PURPOSES)[number];
export type CodeChannel = 'email' | 'sms';

/** Wrong tries a code survives; the next try after these fails even with the right code. */
export const CODE_MAX_ATTEMPTS = 5;

export interface CodeTarget {
  channel: CodeChannel;
  target: string;
}

/** Email addresses compare in lower case; mobile numbers as typed (the contract fixes their form). */
export function loginOf({ channel, target }: CodeTarget): Login {
  return channel === 'email'
    ? { kind: 'email', value: target.trim().toLowerCase() }
    : { kind: 'mobile', value: target.trim() };
}

/** Bound to where and what for, so a code for one purpose or address never matches another. */
function codeHash(channel: string, target: string, purpose: string, code: string): string {
  return crypto.createHash('sha256').update(`${channel}\n${target}\n${purpose}\n${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const MESSAGE_KEY: Record<CodePurpose, string> = {
  register: 'mail.registerCode',
  login: 'mail.loginCode',
  reset: 'mail.resetCode',
};

/**
 * Six-digit one-time codes by email or SMS: stored hashed, valid 10 minutes, single use, at most
 * five wrong tries, one send per address per minute. Sending answers the same whether an account
 * exists or not: for sign-in and recovery an address without an account gets a note instead of a
 * code (so the answer and its timing are alike), and registration codes go to any address; an
 * existing account is refused by the register call, after its code has proved the address.
 */
export function codesService(
  repo: AccountsRepository,
  deps: { mailer: Mailer; sms?: SmsProvider; clock: Clock; log: FastifyBaseLogger },
) {
  const { mailer, sms, clock, log } = deps;
  const minutes = CODE_TTL_MS / 60_000;

  async function deliver(to: CodeTarget, lang: Lang, purpose: CodePurpose, code: string | null) {
    if (to.channel === 'sms') {
      const text = code ? translate(lang, 'mail.smsCode', { code, minutes }) : translate(lang, 'mail.smsNoAccount');
      await sms!.send(to.target, text);
      return;
    }
    await mailer.send({
      to: to.target,
      subject: translate(lang, code ? 'mail.codeSubject' : 'mail.noAccountSubject'),
      text: code ? translate(lang, MESSAGE_KEY[purpose], { code, minutes }) : translate(lang, 'mail.noAccountText'),
    });
  }

  return {
    async send(to: CodeTarget, purpose: CodePurpose, lang: Lang): Promise<{ resend_after_seconds: number }> {
      if (to.channel === 'sms' && !sms) throw ApiError.refused('accounts.smsUnavailable');
      const login = loginOf(to);
      const target = login.value;
      const delivers = purpose === 'register' || (await repo.loginExists(login));
      const code = delivers ? crypto.randomInt(0, 1_000_000).toString().padStart(6, '0') : null;
      const now = clock.now();
      const stored = await repo.insertCodeUnlessRecent({
        channel: to.channel,
        target,
        purpose,
        // Without a code the row only holds the send slot: '' never equals a hash.
        codeHash: code ? codeHash(to.channel, target, purpose, code) : '',
        now,
        expiresAt: now + CODE_TTL_MS,
        resendMs: CODE_RESEND_MS,
      });
      if ('blockedSince' in stored) {
        const seconds = Math.ceil((stored.blockedSince + CODE_RESEND_MS - now) / 1000);
        throw ApiError.throttled('accounts.codeTooSoon', seconds, { seconds: Math.max(1, seconds) });
      }
      try {
        await deliver({ channel: to.channel, target }, lang, purpose, code);
      } catch (err) {
        // Nothing went out: free the slot so that the member can try again at once.
        await repo.deleteCode(stored.id);
        log.error({ err, channel: to.channel }, 'one-time code not delivered');
        throw new ApiError(502, 201, 'accounts.codeSendFailed');
      }
      return { resend_after_seconds: CODE_RESEND_MS / 1000 };
    },

    /**
     * Checks and uses up a code: true once for the right, fresh, latest code of the address and
     * purpose. A wrong code counts a try.
     */
    async consume(to: CodeTarget, purpose: CodePurpose, code: string): Promise<boolean> {
      const target = loginOf(to).value;
      const row = await repo.latestCode(to.channel, target, purpose);
      const now = clock.now();
      if (!row || row.used_at !== null || row.expires_at <= now || row.attempts >= CODE_MAX_ATTEMPTS) return false;
      if (!sameHash(codeHash(to.channel, target, purpose, code), row.code_hash)) {
        await repo.countWrongTry(row.id, CODE_MAX_ATTEMPTS);
        return false;
      }
      return repo.useCode(row.id, now, CODE_MAX_ATTEMPTS);
    },
  };
}

export type CodesService = ReturnType<typeof codesService>;
