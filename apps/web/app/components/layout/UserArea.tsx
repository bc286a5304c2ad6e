import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { Avatar } from '~/components/Avatar';
import { loginPath } from '~/lib/login-link';
import { logout } from '~/lib/session';
import { useShell } from '~/lib/shell';

/**
 * Login button for visitors; avatar (personal centre), the moderator zone for moderators, the back
 * office for staff, and logout for members (spec 2).
 */
export function UserArea() {
  const { t } = useTranslation('nav');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);

  if (!user) {
    return (
      <Link to={loginPath(site, location, origin)} className="portal-login" data-testid="nav-login">
        {t('login')}
      </Link>
    );
  }
  return (
    <div className="portal-user" data-testid="nav-user">
      <Link
        to={`/${site.prefix}/userinfo`}
        className="portal-user__avatar"
        data-testid="nav-avatar"
        aria-label={`${t('userCenter')}: ${user.user_nick_name}`}
      >
        <Avatar user={user} size={32} />
        <span className="portal-user__name">{user.user_nick_name}</span>
      </Link>
      {user.permissions.includes(PERMISSIONS.postModerate) ||
      user.scoped_permissions.includes(PERMISSIONS.postModerate) ? (
        <Link
          to={`/${site.prefix}/discuss/moderatorzone`}
          className="portal-user__admin"
          data-testid="nav-moderator-zone"
        >
          {t('moderatorZone')}
        </Link>
      ) : null}
      {user.permissions.includes(PERMISSIONS.adminAccess) ? (
        // The back office is a client-rendered app of its own: a full page load, not a client navigation.
        <a href="/admin" className="portal-user__admin" data-testid="nav-admin">
          {t('backOffice')}
        </a>
      ) : null}
      <Button
        type="text"
        loading={leaving}
        onClick={() => {
          setLeaving(true);
          void logout(site).finally(() => setLeaving(false));
        }}
        data-testid="nav-logout"
      >
        {t('logout')}
      </Button>
    </div>
  );
}
