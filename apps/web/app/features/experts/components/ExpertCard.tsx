import { useTranslation } from '~/lib/use-translation';
import type { ExpertMember } from '@portal/contracts/experts';
import { Avatar } from '~/components/Avatar';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
import { BadgeList } from './BadgeList';

/** One MVP or expert: who they are, their badges, level and what they published on this site. */
export function ExpertCard({ member }: { member: ExpertMember }) {
  const { t } = useTranslation('experts');
  const headingId = `mvp-member-${member.user_id}`;
  const work = [member.user_job_title, member.user_company].filter(Boolean);
  return (
    <li className="mvp-card" data-testid="mvp-item">
      <article aria-labelledby={headingId}>
        <div className="mvp-card__head">
          <ProfileTrigger user={member} decorative>
            <Avatar user={member} size={64} className="mvp-card__avatar" lazy />
          </ProfileTrigger>
          <div className="mvp-card__who">
            <h3 id={headingId} className="mvp-card__name">
              <ProfileTrigger user={member} testId="mvp-item-profile">
                {member.user_nick_name}
              </ProfileTrigger>
            </h3>
            <p className="mvp-card__level">
              <span aria-hidden="true">Lv{member.user_points_level}</span>
              <span className="portal-visually-hidden">{t('level', { level: member.user_points_level })}</span>
              {member.user_medal > 0 ? (
                <span className={`mvp-medal mvp-medal--${member.user_medal}`}>
                  {t(`medals:${member.user_medal}`, { defaultValue: '' })}
                </span>
              ) : null}
            </p>
          </div>
        </div>
        {work.length ? (
          <p className="mvp-card__work" data-testid="mvp-item-work">
            {work.join(' · ')}
          </p>
        ) : null}
        <BadgeList codes={member.user_logo_arr} />
        <p className="mvp-card__counts">
          <span className="portal-visually-hidden">{t('contributions')}: </span>
          <span data-testid="mvp-item-posts">{t('posts', { count: member.post_count })}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="mvp-item-articles">{t('articles', { count: member.topic_article_count })}</span>
        </p>
      </article>
    </li>
  );
}
