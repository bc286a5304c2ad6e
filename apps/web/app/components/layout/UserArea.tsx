import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { Avatar } from '~/components/Avatar';
import { loginPath } from '~/lib/login-link';
import { logout } from '~/lib/session';
import { useShell } from '~/lib/shell';
import { DisclosureMenu, type DisclosureItem } from './DisclosureMenu';
import { ChevronDownIcon } from './icons';

/**
 * Login button for visitors (spec 2). For members, the avatar (the personal centre) and beside it
 * the account menu, which opens on hover over either: the personal centre again, the moderator zone
 * for moderators, the back office for staff, and logout. One small button instead of three links
 * keeps the navbar one row.
 */
export function UserArea() {
  const { t } = useTranslation('nav');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);

  if (!user) {
    return (
      <Link to={loginPath(site, location, origin)} className="portal-login" data-testid="nav-login">
        {/* A phone's bar has room for the short label only. */}
        <span className="portal-login__full">{t('login')}</span>
        <span className="portal-login__short">{t('loginShort')}</span>
      </Link>
    );
  }
  const moderator =
    user.permissions.includes(PERMISSIONS.postModerate) || user.scoped_permissions.includes(PERMISSIONS.postModerate);
  const host =
    user.permissions.includes(PERMISSIONS.reviewArticle) || user.scoped_permissions.includes(PERMISSIONS.reviewArticle);
  const items: DisclosureItem[] = [
    { key: 'centre', label: t('userCenter'), href: `/${site.prefix}/userinfo`, testId: 'nav-user-centre' },
    ...(moderator
      ? [
          {
            key: 'moderator',
            label: t('moderatorZone'),
            href: `/${site.prefix}/discuss/moderatorzone`,
            testId: 'nav-moderator-zone',
          },
        ]
      : []),
    ...(host
      ? [{ key: 'host', label: t('hostZone'), href: `/${site.prefix}/subject/hostZone`, testId: 'nav-host-zone' }]
      : []),
    // The back office is a client-rendered app of its own: a full page load, not a client navigation.
    ...(user.permissions.includes(PERMISSIONS.adminAccess)
      ? [{ key: 'admin', label: t('backOffice'), href: '/admin', external: true, testId: 'nav-admin' }]
      : []),
    { key: 'logout', label: t('logout'), testId: 'nav-logout' },
  ];

  return (
    <div className="portal-user" data-testid="nav-user" aria-busy={leaving || undefined}>
      <DisclosureMenu
        testId="nav-account-menu"
        className="portal-user__menu"
        triggerLabel={t('accountMenu')}
        icon={<ChevronDownIcon />}
        heading={user.user_nick_name}
        leading={
          <Link
            to={`/${site.prefix}/userinfo`}
            className="portal-user__avatar"
            data-testid="nav-avatar"
            aria-label={`${t('userCenter')}: ${user.user_nick_name} (Lv${user.user_points_level})`}
          >
            <Avatar user={user} size={32} />
            <span className="portal-user__level" aria-hidden="true" data-testid="nav-level">
              Lv{user.user_points_level}
            </span>
          </Link>
        }
        items={items}
        onSelect={(key) => {
          if (key !== 'logout' || leaving) return;
          setLeaving(true);
          void logout(site).finally(() => setLeaving(false));
        }}
      />
    </div>
  );
}
