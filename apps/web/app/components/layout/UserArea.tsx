import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import { loginPath } from '~/lib/login-link';
import { logout } from '~/lib/session';
import { useShell } from '~/lib/shell';

/** Login button for visitors; avatar (personal centre) and logout for members. */
export function UserArea() {
  const { t } = useTranslation('nav');
  const { site, user, origin } = useShell();
  const location = useLocation();

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
        aria-label={t('userCenter')}
      >
        {user.user_avatar_att_url ? (
          <img src={user.user_avatar_att_url} alt="" width={32} height={32} className="portal-avatar" />
        ) : (
          <span className="portal-avatar portal-avatar--initial" aria-hidden="true">
            {Array.from(user.user_nick_name)[0] ?? ''}
          </span>
        )}
        <span className="portal-user__name">{user.user_nick_name}</span>
      </Link>
      <Button type="text" onClick={() => logout(site)} data-testid="nav-logout">
        {t('logout')}
      </Button>
    </div>
  );
}
