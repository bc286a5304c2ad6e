import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Tooltip from 'antd/es/tooltip';
import { MEDALS, SIGN_BADGES } from '@portal/contracts/constants';

const BADGE_COLOURS: Record<(typeof SIGN_BADGES)[number], string> = {
  10: '#b42318',
  20: '#8a5a00',
  30: '#0b57d0',
  40: '#6b21a8',
  50: '#0f766e',
  60: '#c2410c',
  70: '#374151',
  80: '#111827',
};

const MEDAL_COLOURS: Record<(typeof MEDALS)[number], string> = {
  1: '#a0522d',
  2: '#737373',
  3: '#b8860b',
  4: '#1e6fd9',
};

const isBadge = (code: number): code is (typeof SIGN_BADGES)[number] =>
  (SIGN_BADGES as readonly number[]).includes(code);
const isMedal = (level: number): level is (typeof MEDALS)[number] => (MEDALS as readonly number[]).includes(level);

/**
 * An icon with a tooltip and the same words as its accessible name; focusable, so keyboard users
 * get the tooltip too.
 */
function NamedIcon({
  name,
  className,
  children,
  testId,
}: {
  name: string;
  className: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Tooltip title={name} trigger={['hover', 'focus']}>
      <span role="img" aria-label={name} tabIndex={0} className={className} data-testid={testId}>
        {children}
      </span>
    </Tooltip>
  );
}

/** The identity badges of decisions.md (10 expert … 80 admin); unknown codes are left out. */
export function BadgeIcons({ codes }: { codes: readonly number[] }) {
  const { t } = useTranslation('auth');
  const badges = codes.filter(isBadge);
  if (!badges.length) return null;
  return (
    <ul className="profile-badges" aria-label={t('badgesLabel')}>
      {badges.map((code) => (
        <li key={code}>
          <NamedIcon name={t(`badges:${code}`)} className="profile-badge" testId={`profile-badge-${code}`}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z" fill={BADGE_COLOURS[code]} />
              <path d="M12 7l1.5 3.1 3.4.5-2.5 2.4.6 3.4L12 14.8 8.9 16.4l.6-3.4L7 10.6l3.4-.5z" fill="#fff" />
            </svg>
          </NamedIcon>
        </li>
      ))}
    </ul>
  );
}

/** The medal of decisions.md: 1 bronze, 2 silver, 3 gold, 4 diamond; nothing for 0. */
export function MedalIcon({ level }: { level: number }) {
  const { t } = useTranslation('auth');
  if (!isMedal(level)) return null;
  return (
    <NamedIcon
      name={t('medalLabel', { name: t(`medals:${level}`) })}
      className="profile-medal"
      testId={`profile-medal-${level}`}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M7 2h4l2 5H9zm6 0h4l-2 5h-4z" fill="#0b4fae" />
        <circle cx="12" cy="15" r="7" fill={MEDAL_COLOURS[level]} />
        <path d="M12 10.5l1.3 2.7 3 .4-2.2 2.1.5 3L12 17.3l-2.6 1.4.5-3-2.2-2.1 3-.4z" fill="#fff" />
      </svg>
    </NamedIcon>
  );
}
