import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/use-translation';
import { openProfileCard } from './profile-card-events';

/**
 * A member's avatar and/or nickname as a button that opens their profile card, named by the
 * nickname it shows (so a heading around it keeps the name). `decorative` is for
 * a second trigger next to a named one (e.g. the avatar beside a heading's nickname): clickable,
 * but neither in the tab order nor read out twice.
 */
export function ProfileTrigger({
  user,
  children,
  className,
  decorative = false,
  testId,
}: {
  user: { user_id: number; user_nick_name: string };
  children: ReactNode;
  className?: string;
  decorative?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      className={className ? `portal-profile-trigger ${className}` : 'portal-profile-trigger'}
      aria-haspopup={decorative ? undefined : 'dialog'}
      title={t('profileOf', { name: user.user_nick_name })}
      aria-hidden={decorative ? true : undefined}
      tabIndex={decorative ? -1 : undefined}
      onClick={() => openProfileCard(user.user_id)}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
