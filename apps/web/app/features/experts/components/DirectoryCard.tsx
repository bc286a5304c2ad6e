import { useTranslation } from '~/lib/use-translation';
import { FOLLOWED_FLAG } from '@portal/contracts/constants';
import type { ExpertCard } from '@portal/contracts/experts';
import { Avatar } from '~/components/Avatar';
import { PortalButton } from '~/components/PortalButton';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
import { BadgeList } from './BadgeList';

export interface DirectoryCardProps {
  expert: ExpertCard;
  /** The expert's page (decision 034), when the site has one; else the name opens the profile card. */
  href?: string;
  /** The dictionary labels of the expert's industry and fields, by id. */
  labels: { industries: ReadonlyMap<number, string>; fields: ReadonlyMap<number, string> };
  /** Waiting for the follow call. */
  busy: boolean;
  onFollow(): void;
  /** False for the viewer's own card. */
  canFollow: boolean;
}

/** One resident expert of the directory: who, what they do, their badges and counts, and a follow button. */
export function DirectoryCard({ expert, href, labels, busy, onFollow, canFollow }: DirectoryCardProps) {
  const { t } = useTranslation('experts');
  const { t: tAuth } = useTranslation('auth');
  const headingId = `expert-${expert.user_id}`;
  const work = [expert.user_job_title, expert.user_company].filter(Boolean);
  const industry = expert.user_industry === null ? undefined : labels.industries.get(expert.user_industry);
  const fields = expert.field_ids.flatMap((id) => labels.fields.get(id) ?? []);
  const followed = expert.have_be_follow === FOLLOWED_FLAG;
  return (
    <li className="mvp-card expert-card" data-testid="expert-item" data-user-id={expert.user_id}>
      <article aria-labelledby={headingId}>
        <div className="mvp-card__head">
          <ProfileTrigger user={expert} decorative>
            <Avatar user={expert} size={64} className="mvp-card__avatar" lazy />
          </ProfileTrigger>
          <div className="mvp-card__who">
            <h3 id={headingId} className="mvp-card__name">
              {href ? (
                <a href={href} data-testid="expert-item-link">
                  {expert.user_nick_name}
                </a>
              ) : (
                <ProfileTrigger user={expert} testId="expert-item-profile">
                  {expert.user_nick_name}
                </ProfileTrigger>
              )}
            </h3>
            <p className="mvp-card__level">
              <span aria-hidden="true">Lv{expert.user_points_level}</span>
              <span className="portal-visually-hidden">{t('level', { level: expert.user_points_level })}</span>
            </p>
          </div>
          {canFollow ? (
            <PortalButton
              className="expert-card__follow"
              variant={followed ? 'default' : 'primary'}
              loading={busy}
              onClick={onFollow}
              aria-label={t('followLabel', { name: expert.user_nick_name })}
              aria-pressed={followed}
              data-testid="expert-follow"
            >
              {followed ? tAuth('followed') : tAuth('follow')}
            </PortalButton>
          ) : null}
        </div>
        {work.length ? (
          <p className="mvp-card__work" data-testid="expert-item-work">
            {work.join(' · ')}
          </p>
        ) : null}
        {industry || fields.length ? (
          <p className="expert-card__fields" data-testid="expert-item-fields">
            {[industry, ...fields].filter(Boolean).join(' · ')}
          </p>
        ) : null}
        <BadgeList codes={expert.user_logo_arr} />
        <p className="mvp-card__counts">
          <span className="portal-visually-hidden">{t('contributions')}: </span>
          <span data-testid="expert-item-articles">{t('articles', { count: expert.topic_article_count })}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="expert-item-answers">{t('answers', { count: expert.answer_count })}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="expert-item-fans">{t('followers', { count: expert.user_fans_count })}</span>
        </p>
      </article>
    </li>
  );
}
