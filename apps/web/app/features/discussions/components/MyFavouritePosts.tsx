import Button from 'antd/es/button';
import List from 'antd/es/list';
import { PAGE_SIZE } from '@portal/contracts/constants';
import { postFavourite } from '@portal/contracts/discussions';
import { postMyFavourites, type MyFavouritePost } from '@portal/contracts/discussions-mine';
import { siteById } from '@portal/contracts/sites';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { ConfirmAction } from '~/components/ConfirmAction';
import { DateTime } from '~/components/DateTime';
import { addTexts } from '~/lib/i18n';
import { useCallMutation, useCallPages } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';

// The centre's own texts come with this chunk; other pages never download them.
addTexts(personalCentreCatalogues);

function FavouritePost({ post }: { post: MyFavouritePost }) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const postSite = siteById(post.tws_id) ?? site;
  const unfavourite = useCallMutation(postFavourite, {
    site: postSite,
    invalidates: [postMyFavourites],
    successToast: false,
  });
  return (
    <List.Item
      data-testid={`my-favourite-post-${post.tp_id}`}
      actions={[
        <ConfirmAction
          key="remove"
          title={t('eventsCentre:ui.confirmUnfavourite')}
          onConfirm={() => unfavourite.mutateAsync({ tp_id: post.tp_id }).then(() => undefined)}
        >
          <Button size="small" loading={unfavourite.isPending} data-testid="my-favourite-post-remove">
            {t('eventsCentre:ui.unfavourite')}
          </Button>
        </ConfirmAction>,
      ]}
    >
      <List.Item.Meta
        title={<a href={`/${postSite.prefix}/discuss/info/${post.tp_id}`}>{post.tp_title}</a>}
        description={
          <>
            {t('centre:favouritePosts.by', { name: post.author.user_nick_name })} ·{' '}
            <DateTime iso={post.favourite_time} />
          </>
        }
      />
    </List.Item>
  );
}

/**
 * The posts the member favourited (favourites section), on every site, latest first, with
 * un-favourite. Only posts that are public now: the server leaves out one its author withdrew or a
 * moderator hid. The first page is the one the centre's loader asked: rendered on the server.
 */
export default function MyFavouritePosts() {
  const { t } = useTranslation('discuss');
  const query = useCallPages(postMyFavourites, { limit: PAGE_SIZE }, { silent: true, firstPage: true });
  const posts = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section
      className="accounts-section my-posts"
      aria-labelledby="my-favourite-posts-title"
      data-testid="my-favourite-posts"
    >
      <h2 id="my-favourite-posts-title">{t('centre:favouritePosts.title')}</h2>
      <List<MyFavouritePost>
        loading={query.isPending}
        dataSource={posts}
        locale={{ emptyText: t('centre:favouritePosts.empty') }}
        renderItem={(post) => <FavouritePost key={post.tp_id} post={post} />}
      />
      {query.hasNextPage ? (
        <div className="my-posts__more">
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('centre:loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
