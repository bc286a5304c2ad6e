import { ApiError } from '../http/api-error';
import { STATUS } from '@portal/contracts/envelope';

/** A keyset position: the sort value and the id that breaks ties. Opaque to clients. */
export interface KeysetCursor {
  at: number;
  id: number;
  /** A second tie-breaker, for lists whose rows have no id of their own (likes: the liker). */
  tie?: number;
}

export function encodeCursor(cursor: KeysetCursor): string {
  const tie = cursor.tie === undefined ? '' : `.${cursor.tie}`;
  return Buffer.from(`${cursor.at}.${cursor.id}${tie}`).toString('base64url');
}

/**
 * Reads a cursor from a client; a forged or damaged one is a validation failure on `cursor`. Only a
 * list that writes a `tie` (`withTie`) accepts a cursor with one; every other list refuses it.
 */
export function decodeCursor(raw: string | undefined, opts: { withTie?: boolean } = {}): KeysetCursor | null {
  if (raw === undefined || raw === '') return null;
  const match = /^(-?\d{1,15})\.(\d{1,12})(?:\.(\d{1,12}))?$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!match || (match[3] !== undefined && !opts.withTie)) {
    throw new ApiError(
      400,
      STATUS.validation,
      'errors.validation',
      { field: 'cursor', reason: 'cursor' },
      {
        field: 'cursor',
        issues: [{ field: 'cursor', message: 'cursor' }],
      },
    );
  }
  return match[3] === undefined
    ? { at: Number(match[1]), id: Number(match[2]) }
    : { at: Number(match[1]), id: Number(match[2]), tie: Number(match[3]) };
}
