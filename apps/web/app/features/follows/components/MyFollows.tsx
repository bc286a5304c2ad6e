import Button from 'antd/es/button';
import List from 'antd/es/list';
import { Tabs } from '~/components/Tabs';
import Tag from 'antd/es/tag';
import { followToggle } from '@portal/contracts/accounts';
import { PAGE_SIZE } from '@portal/contracts/constants';
import { followMyFans, followMyFollows, type FollowRow } from '@portal/contracts/follows-mine';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { Avatar } from '~/components/Avatar';
import { addTexts } from '~/lib/i18n';
import { useCallMutation, useCallPages } from '~/lib/query/use-call';
import { useTranslation } from '~/lib/use-translation';

// The centre's own texts come with this chunk; other pages never download them.
addTexts(personalCentreCatalogues);

type Side = 'follows' | 'fans';
const CALL = { follows: followMyFollows, fans: followMyFans } as const;

/** One member of either list, with follow, follow back or unfollow (the `userfollow/add` toggle). */
function Member({ row, side }: { row: FollowRow; side: Side }) {
  const { t } = useTranslation('centre');
  const toggle = useCallMutation(followToggle, { invalidates: [followMyFollows, followMyFans] });
  const following = row.have_be_follow === 1;
  const label = following ? t('follows.unfollow') : side === 'fans' ? t('follows.followBack') : t('follows.follow');
  return (
    <List.Item
      data-testid={`my-${side}-${row.user_id}`}
      actions={[
        <Button
          key="toggle"
          size="small"
          type={following ? 'default' : 'primary'}
          loading={toggle.isPending}
          onClick={() => void toggle.mutateAsync({ user_id: row.user_id }).catch(() => undefined)}
          data-testid={`my-${side}-toggle`}
        >
          {label}
        </Button>,
      ]}
    >
      <List.Item.Meta
        avatar={<Avatar user={row} size={40} lazy />}
        title={
          <span className="my-posts__title">
            {row.user_nick_name} <span className="my-follows__level">Lv{row.user_points_level}</span>
            {following && row.follows_me === 1 ? (
              <Tag color="success" data-testid="my-follows-mutual">
                {t('follows.mutual')}
              </Tag>
            ) : null}
          </span>
        }
        description={t('follows.fans', { count: row.user_fans_count })}
      />
    </List.Item>
  );
}

function FollowList({ side }: { side: Side }) {
  const { t } = useTranslation('centre');
  const query = useCallPages(CALL[side], { limit: PAGE_SIZE }, { silent: true, firstPage: true });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <>
      <List<FollowRow>
        loading={query.isPending}
        dataSource={rows}
        locale={{ emptyText: side === 'fans' ? t('follows.fansEmpty') : t('follows.followsEmpty') }}
        renderItem={(row) => <Member key={row.user_id} row={row} side={side} />}
      />
      {query.hasNextPage ? (
        <div className="my-posts__more">
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * Follows and fans (issue 22 item 4): whom the member follows and who follows them, latest first,
 * keyset paged, with follow back for a fan and unfollow. The follows tab's first page is the one the
 * centre's loader asked (rendered on the server); the fans tab is read when opened.
 */
export default function MyFollows() {
  const { t } = useTranslation('centre');
  return (
    <section className="accounts-section my-posts" aria-labelledby="my-follows-title" data-testid="my-follows">
      <h2 id="my-follows-title">{t('follows.title')}</h2>
      <Tabs
        items={(['follows', 'fans'] as const).map((side) => ({
          key: side,
          label: <span data-testid={`my-follows-tab-${side}`}>{t(`follows.${side}Tab`)}</span>,
          children: <FollowList side={side} />,
        }))}
      />
    </section>
  );
}
