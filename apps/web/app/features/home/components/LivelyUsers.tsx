import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useShell } from '~/lib/shell';
import { livelyUsersQuery } from '../api/home-queries';
import { EmptyBlock, HomeBlock } from './HomeBlock';

export function LivelyUsers() {
  const { t } = useTranslation('home');
  const { site } = useShell();
  const { data } = useQuery(livelyUsersQuery(site));
  const users = data?.list ?? [];
  return (
    <HomeBlock id="home-lively-users" title={t('livelyUsers')}>
      {users.length ? (
        <ul className="lively-users">
          {users.map((user) => (
            <li key={user.user_id} className="lively-user" data-testid="home-lively-user">
              <img
                src={user.user_avatar_att_url}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="portal-avatar"
              />
              <span className="lively-user__name">{user.user_nick_name}</span>
              <span className="lively-user__level">Lv{user.user_points_level}</span>
              <span className="lively-user__points">{t('points', { count: user.recent_points })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyBlock />
      )}
    </HomeBlock>
  );
}
