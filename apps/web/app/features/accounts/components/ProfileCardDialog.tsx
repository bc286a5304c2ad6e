import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { followToggle, type ProfileCard } from '@portal/contracts/accounts';
import { DIALOG_DELAYS_MS, DIALOG_WIDTHS, FOLLOWED_FLAG } from '@portal/contracts/constants';
import { Avatar } from '~/components/Avatar';
import { formatCount } from '~/lib/format';
import { loginPath } from '~/lib/login-link';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { profileCardQuery } from '../api/profile-card-query';
import { BadgeIcons, MedalIcon } from './IdentityIcons';
import './profile-card.css';
import { withPortalAntd } from '~/lib/PortalAntd';

export interface ProfileCardDialogProps {
  userId: number;
  open: boolean;
  onClose(): void;
  /** After the closing animation: the host unmounts the dialog. */
  afterClose(): void;
}

const COUNTS = [
  ['user_topic_article_count', 'countArticles'],
  ['user_post_count', 'countPosts'],
  ['user_comment_count', 'countComments'],
  ['user_que_count', 'countQuestions'],
  ['user_follow_count', 'countFollows'],
  ['user_fans_count', 'countFans'],
] as const satisfies ReadonlyArray<readonly [keyof ProfileCard, string]>;

/**
 * The user profile card of spec 2 and 3 (550 px): avatar, nickname, level, medal and badges, the
 * member's counts and a follow button (not on one's own card). Following closes the card after a
 * second (spec 4); a visitor who presses it goes to the login page and comes back here.
 */
function ProfileCardDialog({ userId, open, onClose, afterClose }: ProfileCardDialogProps) {
  const { t } = useTranslation('auth');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = profileCardQuery(site, userId);
  const { data, isError } = useQuery(query);
  const [busy, setBusy] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const toggleFollow = async () => {
    if (!user) {
      onClose();
      void navigate(loginPath(site, location, origin));
      return;
    }
    setBusy(true);
    const result = await requestClient.call(followToggle, { user_id: userId });
    setBusy(false);
    if (!result.ok) return;
    queryClient.setQueryData(query.queryKey, (card) => card && { ...card, ...result.data });
    toast.success(result.data.have_be_follow === FOLLOWED_FLAG ? t('followDone') : t('unfollowDone'));
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(onClose, DIALOG_DELAYS_MS.followClose);
  };

  const followed = data?.have_be_follow === FOLLOWED_FLAG;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      width={DIALOG_WIDTHS.profile}
      footer={null}
      centered
      destroyOnHidden
      // Rendered in place, not into <body>: the body scroll lock of antd's portal injects a <style>
      // without the page's CSP nonce, which the policy blocks.
      getContainer={false}
      closable={{ 'aria-label': t('close') }}
      title={data?.user_nick_name ?? t('common:loading')}
    >
      <div className="profile-card" data-testid="profile-card" aria-busy={!data && !isError}>
        {data ? (
          <>
            <div className="profile-card__head">
              <Avatar user={data} size={72} />
              <div className="profile-card__who">
                <p className="profile-card__level">
                  <span aria-hidden="true">Lv{data.user_points_level}</span>
                  <span className="portal-visually-hidden">{t('level', { level: data.user_points_level })}</span>
                  <MedalIcon level={data.user_medal} />
                </p>
                <BadgeIcons codes={data.user_logo_arr} />
              </div>
              {data.is_self ? null : (
                <Button
                  type={followed ? 'default' : 'primary'}
                  loading={busy}
                  onClick={() => void toggleFollow()}
                  data-testid="profile-follow"
                >
                  {followed ? t('followed') : t('follow')}
                </Button>
              )}
            </div>
            <dl className="profile-card__counts" aria-label={t('countsLabel')}>
              {COUNTS.map(([field, label]) => (
                <div key={field} data-testid={`profile-${field}`}>
                  <dt>{t(label)}</dt>
                  <dd>{formatCount(data[field], site)}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : isError ? (
          <p role="alert">{t('profileLoadFailed')}</p>
        ) : (
          <p role="status">{t('common:loading')}</p>
        )}
      </div>
    </Modal>
  );
}

export default withPortalAntd(ProfileCardDialog);
