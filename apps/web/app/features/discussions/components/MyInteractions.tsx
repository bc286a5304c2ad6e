import Button from 'antd/es/button';
import List from 'antd/es/list';
import { Tabs } from '~/components/Tabs';
import { PAGE_SIZE } from '@portal/contracts/constants';
import {
  INTERACTION_KINDS,
  postMyInteractions,
  type Interaction,
  type InteractionKind,
} from '@portal/contracts/discussions-mine';
import { siteById } from '@portal/contracts/sites';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { Avatar } from '~/components/Avatar';
import { DateTime } from '~/components/DateTime';
import { addTexts } from '~/lib/i18n';
import { useCallPages } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';

// The centre's own texts come with this chunk; other pages never download them.
addTexts(personalCentreCatalogues);

/** What happened, in words: who did what with which of the member's things. */
function headline(row: Interaction): string {
  switch (row.kind) {
    case 'comments':
      return row.target === 'post' ? 'interactions.commentedPost' : 'interactions.repliedComment';
    case 'answers':
      return 'interactions.answered';
    case 'likes':
      return row.target === 'post' ? 'interactions.likedPost' : 'interactions.likedComment';
    case 'accepted':
      return 'interactions.acceptedBy';
  }
}

function InteractionItem({ row }: { row: Interaction }) {
  const { t } = useTranslation('centre');
  const { site } = useShell();
  const prefix = (siteById(row.tws_id) ?? site).prefix;
  const name = row.actor?.user_nick_name || t('interactions.someone');
  return (
    <List.Item data-testid={`my-interaction-${row.key}`}>
      <List.Item.Meta
        avatar={row.actor ? <Avatar user={row.actor} size={32} lazy /> : null}
        title={
          <span>
            {t(headline(row), { name })} · <a href={`/${prefix}/discuss/info/${row.tp_id}`}>{row.tp_title}</a>
          </span>
        }
        description={
          <>
            {row.excerpt ? <div className="my-interactions__excerpt">{row.excerpt}</div> : null}
            <DateTime iso={row.create_time} />
          </>
        }
      />
    </List.Item>
  );
}

function InteractionList({ kind }: { kind: InteractionKind }) {
  const { t } = useTranslation('centre');
  const query = useCallPages(postMyInteractions, { kind, limit: PAGE_SIZE }, { silent: true, firstPage: true });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <>
      <List<Interaction>
        loading={query.isPending}
        dataSource={rows}
        locale={{ emptyText: t(`interactions.empty.${kind}`) }}
        renderItem={(row) => <InteractionItem key={row.key} row={row} />}
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
 * Interactions (issue 22 item 4): comments and replies, answers, likes received, and the member's
 * accepted answers, each a keyset list of its own. The first tab's first page is the one the
 * centre's loader asked (rendered on the server); the others are read when opened.
 */
export default function MyInteractions() {
  const { t } = useTranslation('centre');
  return (
    <section
      className="accounts-section my-posts"
      aria-labelledby="my-interactions-title"
      data-testid="my-interactions"
    >
      <h2 id="my-interactions-title">{t('interactions.title')}</h2>
      <Tabs
        items={INTERACTION_KINDS.map((kind) => ({
          key: kind,
          label: <span data-testid={`my-interactions-tab-${kind}`}>{t(`interactions.${kind}`)}</span>,
          children: <InteractionList kind={kind} />,
        }))}
      />
    </section>
  );
}
