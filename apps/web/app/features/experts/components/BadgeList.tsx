import { SIGN_BADGES } from '@portal/contracts/constants';
import { useTranslation } from '~/lib/use-translation';

const KNOWN_BADGES = new Set<number>(SIGN_BADGES);

/** A member's badges of spec 3 (`user_logo_arr`) as the expert and MVP cards show them; none, nothing. */
export function BadgeList({ codes }: { codes: readonly number[] }) {
  const { t } = useTranslation('experts');
  const badges = codes.filter((code) => KNOWN_BADGES.has(code));
  if (!badges.length) return null;
  return (
    <ul className="mvp-badges" aria-label={t('badgesLabel')}>
      {badges.map((code) => (
        <li key={code} className={`mvp-badge mvp-badge--${code}`} data-badge={code}>
          {t(`badges:${code}`)}
        </li>
      ))}
    </ul>
  );
}
