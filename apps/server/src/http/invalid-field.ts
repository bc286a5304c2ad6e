import { STATUS } from '@portal/contracts/envelope';
import type { Lang } from '@portal/contracts/sites';
import { translate } from '../lib/i18n';
import { ApiError } from './api-error';

/**
 * A 400/40001 answer naming the field, worded like the body schema's own (errors.validation), for
 * the rules a schema cannot check because they need the database or the site (a topic of another
 * site, a question the questionnaire does not have).
 */
export function invalidField(lang: Lang, field: string, key: string, vars?: Record<string, unknown>): ApiError {
  const reason = translate(lang, key, vars);
  return new ApiError(
    400,
    STATUS.validation,
    'errors.validation',
    { field, reason },
    { field, issues: [{ field, message: reason }] },
  );
}
