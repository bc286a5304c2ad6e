import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import List from 'antd/es/list';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Tag from 'antd/es/tag';
import { PAGE_SIZE } from '@portal/contracts/constants';
import {
  POST_TYPE,
  postDelete,
  postMine,
  postWithdraw,
  type MyPost,
  type PostType,
} from '@portal/contracts/discussions';
import { REVIEW_STATUS } from '@portal/contracts/reviews';
import { siteById } from '@portal/contracts/sites';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { ConfirmAction } from '~/components/ConfirmAction';
import { DateTime } from '~/components/DateTime';
import { PUBLISH_EVENT } from '~/components/layout/PublishMenu';
import { addTexts } from '~/lib/i18n';
import { useCallMutation, useCallPages } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';

// The centre's own texts come with this chunk; other pages never download them.
addTexts(personalCentreCatalogues);

const STATUS_COLOR: Record<number, string> = {
  [REVIEW_STATUS.pending]: 'processing',
  [REVIEW_STATUS.approved]: 'success',
  [REVIEW_STATUS.rejected]: 'error',
  [REVIEW_STATUS.withdrawn]: 'default',
};

/** Where the author reads a post: its page once published, else the author's preview. */
export function myPostUrl(post: Pick<MyPost, 'tp_id' | 'tws_id' | 'status'>, fallbackPrefix: string): string {
  const prefix = siteById(post.tws_id)?.prefix ?? fallbackPrefix;
  return post.status === REVIEW_STATUS.approved
    ? `/${prefix}/discuss/info/${post.tp_id}`
    : `/${prefix}/discuss/info/${post.tp_id}/1`;
}

/** Opens the navbar's publish dialog on one of the member's posts (its host listens on `window`). */
function editPost(postId: number) {
  window.dispatchEvent(new CustomEvent(PUBLISH_EVENT, { detail: { kind: 'post', postId } }));
}

/**
 * The author's actions on a post, on the post's own site: withdraw while pending, edit (a rejected
 * or withdrawn post is resubmitted by saving; the publish dialog edits this site's posts, the other
 * site's are edited from that site's centre) and delete (a published post's points go back: the
 * server's rule).
 */
function PostActions({ post }: { post: MyPost }) {
  const { t } = useTranslation('reviews');
  const { site } = useShell();
  const postSite = siteById(post.tws_id) ?? site;
  const withdraw = useCallMutation(postWithdraw, { site: postSite, invalidates: [postMine], invalidateOnError: true });
  const remove = useCallMutation(postDelete, { site: postSite, invalidates: [postMine], invalidateOnError: true });
  const again = post.status === REVIEW_STATUS.rejected || post.status === REVIEW_STATUS.withdrawn;
  return (
    <span className="my-posts__actions" role="group" aria-label={post.tp_title}>
      {post.status === REVIEW_STATUS.pending ? (
        <Popconfirm
          title={t('mine.withdrawConfirm')}
          okText={t('mine.withdraw')}
          cancelText={t('mine.cancel')}
          onConfirm={() => withdraw.mutateAsync({ tp_id: post.tp_id }).catch(() => undefined)}
        >
          <Button size="small" disabled={withdraw.isPending} data-testid={`my-post-withdraw-${post.tp_id}`}>
            {t('mine.withdraw')}
          </Button>
        </Popconfirm>
      ) : null}
      {post.tws_id === site.tws_id ? (
        <Button size="small" onClick={() => editPost(post.tp_id)} data-testid={`my-post-edit-${post.tp_id}`}>
          {again ? t('centre:posts.resubmit') : t('centre:posts.edit')}
        </Button>
      ) : null}
      <ConfirmAction
        title={t('centre:posts.deleteConfirm')}
        danger
        onConfirm={() =>
          remove
            .mutateAsync({ tp_id: post.tp_id })
            .then(() => undefined)
            .catch(() => undefined)
        }
      >
        <Button size="small" danger loading={remove.isPending} data-testid={`my-post-delete-${post.tp_id}`}>
          {t('centre:posts.delete')}
        </Button>
      </ConfirmAction>
    </span>
  );
}

/**
 * "My posts" or "My questions" in the personal centre's creations: the member's posts of one type on
 * every site, newest first, each with its review status (pending, published, rejected with the
 * reason, withdrawn), a link to read it, and the author's actions. The first page is the one the
 * page's loader asked, so the list is rendered on the server.
 */
function MyPostsOfType({ type }: { type: PostType }) {
  const { t } = useTranslation('reviews');
  const { site } = useShell();
  const questions = type === POST_TYPE.question;
  const testId = questions ? 'my-questions' : 'my-posts';
  const query = useCallPages(postMine, { tp_type: type, limit: PAGE_SIZE }, { silent: true, firstPage: true });
  const posts = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <section className="accounts-section my-posts" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`}>{questions ? t('centre:questions.title') : t('mine.title')}</h2>
      {query.isError && !posts.length ? (
        <Result
          status="warning"
          title={t('mine.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('mine.retry')}</Button>}
        />
      ) : (
        <List<MyPost>
          loading={query.isPending}
          dataSource={posts}
          locale={{ emptyText: questions ? t('centre:questions.empty') : t('mine.empty') }}
          renderItem={(post) => (
            <List.Item data-testid={`my-post-${post.tp_id}`} actions={[<PostActions key="actions" post={post} />]}>
              <List.Item.Meta
                title={
                  <span className="my-posts__title">
                    <Tag color={STATUS_COLOR[post.status] ?? 'default'} data-testid={`my-post-status-${post.tp_id}`}>
                      {t(`status.${post.status}`)}
                    </Tag>
                    {post.is_hidden ? <Tag>{t('mine.hidden')}</Tag> : null}
                    <a href={myPostUrl(post, site.prefix)}>{post.tp_title}</a>
                  </span>
                }
                description={
                  <>
                    <DateTime iso={post.create_time} />
                    {post.status === REVIEW_STATUS.rejected && post.review_reason ? (
                      <div className="my-posts__reason" data-testid={`my-post-reason-${post.tp_id}`}>
                        {t('mine.reason', { reason: post.review_reason })}
                      </div>
                    ) : null}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      {query.hasNextPage ? (
        <div className="my-posts__more">
          <Button
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            data-testid={`${testId}-more`}
          >
            {t('mine.more')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** The member's discussions (creations section). */
export function MyDiscussions() {
  return <MyPostsOfType type={POST_TYPE.discussion} />;
}

/** The member's questions (creations section). */
export function MyQuestions() {
  return <MyPostsOfType type={POST_TYPE.question} />;
}
