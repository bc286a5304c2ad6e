import { CODE_RESEND_MS } from '@portal/contracts/accounts';

/** Whole seconds left until `endsAt`, never below 0 (the send-code button's countdown). */
export function secondsLeft(endsAt: number | null, now: number): number {
  return endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** When a new code may be asked for: the server's `resend_after_seconds`, else one minute. */
export function resendAt(now: number, resendAfterSeconds: number | undefined): number {
  const wait =
    typeof resendAfterSeconds === 'number' && resendAfterSeconds > 0 ? resendAfterSeconds * 1000 : CODE_RESEND_MS;
  return now + wait;
}
