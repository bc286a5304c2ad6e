import { useTranslation } from '~/lib/use-translation';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import type { PostDetail } from '@portal/contracts/discussions';
import { Avatar } from '~/components/Avatar';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';

/** The author beside a post; the name and avatar open the profile card (with its follow button). */
export function AuthorCard({ author }: { author: PostDetail['author'] }) {
  const { t } = useTranslation('discuss');
  return (
    <section className="discuss-author" aria-label={t('ui.author')} data-testid="discuss-author">
      <ProfileTrigger user={author} decorative className="discuss-author__avatar">
        <Avatar user={author} size={64} />
      </ProfileTrigger>
      <ProfileTrigger user={author} className="discuss-author__name" testId="discuss-author-name">
        {author.user_nick_name}
      </ProfileTrigger>
      <p className="discuss-author__level">
        Lv{author.user_points_level}
        {author.user_expert === EXPERT_FLAG.expert ? (
          <span className="post-badge post-badge--expert">{t('ui.expert')}</span>
        ) : null}
      </p>
    </section>
  );
}
