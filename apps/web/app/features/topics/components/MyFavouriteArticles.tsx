import Button from 'antd/es/button';
import List from 'antd/es/list';
import { PAGE_SIZE } from '@portal/contracts/constants';
import { siteById } from '@portal/contracts/sites';
import { topicArticleMyFavourites, type MyFavouriteArticle } from '@portal/contracts/topic-articles-mine';
import { topicArticleFavourite, topicArticlePath } from '@portal/contracts/topics';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { ConfirmAction } from '~/components/ConfirmAction';
import { DateTime } from '~/components/DateTime';
import { addTexts } from '~/lib/i18n';
import { useCallMutation, useCallPages } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';

// The centre's own texts come with this chunk; other pages never download them.
addTexts(personalCentreCatalogues);

function FavouriteArticle({ article }: { article: MyFavouriteArticle }) {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  const articleSite = siteById(article.tws_id) ?? site;
  const unfavourite = useCallMutation(topicArticleFavourite, {
    site: articleSite,
    invalidates: [topicArticleMyFavourites],
    successToast: false,
  });
  return (
    <List.Item
      data-testid={`my-favourite-article-${article.ttar_id}`}
      actions={[
        <ConfirmAction
          key="remove"
          title={t('eventsCentre:ui.confirmUnfavourite')}
          onConfirm={() => unfavourite.mutateAsync({ ttar_id: article.ttar_id }).then(() => undefined)}
        >
          <Button size="small" loading={unfavourite.isPending} data-testid="my-favourite-article-remove">
            {t('eventsCentre:ui.unfavourite')}
          </Button>
        </ConfirmAction>,
      ]}
    >
      <List.Item.Meta
        title={<a href={topicArticlePath(articleSite.prefix, article.ttar_id)}>{article.ttar_title}</a>}
        description={
          <>
            {article.tt_title} · {t('centre:favouriteArticles.by', { name: article.author_nick_name })} ·{' '}
            <DateTime iso={article.favourite_time} />
          </>
        }
      />
    </List.Item>
  );
}

/**
 * The topic articles the member favourited (favourites section), on every site, latest first, with
 * un-favourite; only public ones (the server's rule). First page rendered on the server.
 */
export default function MyFavouriteArticles() {
  const { t } = useTranslation('topics');
  const query = useCallPages(topicArticleMyFavourites, { limit: PAGE_SIZE }, { silent: true, firstPage: true });
  const articles = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section
      className="accounts-section my-posts"
      aria-labelledby="my-favourite-articles-title"
      data-testid="my-favourite-articles"
    >
      <h2 id="my-favourite-articles-title">{t('centre:favouriteArticles.title')}</h2>
      <List<MyFavouriteArticle>
        loading={query.isPending}
        dataSource={articles}
        locale={{ emptyText: t('centre:favouriteArticles.empty') }}
        renderItem={(article) => <FavouriteArticle key={article.ttar_id} article={article} />}
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
