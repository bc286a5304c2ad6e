import Button from 'antd/es/button';
import List from 'antd/es/list';
import { PAGE_SIZE } from '@portal/contracts/constants';
import { siteById } from '@portal/contracts/sites';
import { topicArticleMyInteractions, type MyArticleInteraction } from '@portal/contracts/topic-articles-mine';
import { topicArticlePath } from '@portal/contracts/topics';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { Avatar } from '~/components/Avatar';
import { DateTime } from '~/components/DateTime';
import { addTexts } from '~/lib/i18n';
import { useCallPages } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';

// The centre's own texts come with this chunk; other pages never download them.
addTexts(personalCentreCatalogues);

function ArticleInteractionItem({ row }: { row: MyArticleInteraction }) {
  const { t } = useTranslation('centre');
  const { site } = useShell();
  const prefix = (siteById(row.tws_id) ?? site).prefix;
  const name = row.actor?.user_nick_name || t('interactions.someone');
  return (
    <List.Item data-testid={`my-article-interaction-${row.key}`}>
      <List.Item.Meta
        avatar={row.actor ? <Avatar user={row.actor} size={32} lazy /> : null}
        title={
          <span>
            {t(row.target === 'article' ? 'articleInteractions.commented' : 'articleInteractions.replied', { name })}
            {' · '}
            <a href={topicArticlePath(prefix, row.ttar_id)}>{row.ttar_title}</a>
          </span>
        }
        description={
          <>
            <div className="my-interactions__excerpt">{row.excerpt}</div>
            <DateTime iso={row.create_time} />
          </>
        }
      />
    </List.Item>
  );
}

/**
 * Comments on the member's topic articles and replies to their article comments (interactions
 * section), newest first, keyset paged; the first page is the one the centre's loader asked.
 */
export default function MyArticleInteractions() {
  const { t } = useTranslation('centre');
  const query = useCallPages(topicArticleMyInteractions, { limit: PAGE_SIZE }, { silent: true, firstPage: true });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section
      className="accounts-section my-posts"
      aria-labelledby="my-article-interactions-title"
      data-testid="my-article-interactions"
    >
      <h2 id="my-article-interactions-title">{t('articleInteractions.title')}</h2>
      <List<MyArticleInteraction>
        loading={query.isPending}
        dataSource={rows}
        locale={{ emptyText: t('articleInteractions.empty') }}
        renderItem={(row) => <ArticleInteractionItem key={row.key} row={row} />}
      />
      {query.hasNextPage ? (
        <div className="my-posts__more">
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
