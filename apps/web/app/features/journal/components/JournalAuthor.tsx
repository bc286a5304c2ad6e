import type { UserBrief } from '@portal/contracts/home';
import { Avatar } from '~/components/Avatar';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';

/** An article's author: a member with their profile card, or a guest author's name. */
export function JournalAuthor({
  author,
  testId,
}: {
  author: { user: UserBrief | null; name: string };
  testId: string;
}) {
  if (!author.user) return <span data-testid={testId}>{author.name}</span>;
  return (
    <span className="journal-author">
      <ProfileTrigger user={author.user} decorative>
        <Avatar user={author.user} size={24} lazy />
      </ProfileTrigger>
      <ProfileTrigger user={author.user} testId={testId}>
        {author.name}
      </ProfileTrigger>
    </span>
  );
}
