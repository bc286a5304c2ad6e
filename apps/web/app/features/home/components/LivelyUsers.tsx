import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import { Avatar } from '~/components/Avatar';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
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
              <ProfileTrigger user={user} className="lively-user__who" testId="home-lively-user-profile">
                <Avatar user={user} size={48} lazy />
                <span className="lively-user__name">{user.user_nick_name}</span>
              </ProfileTrigger>
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
