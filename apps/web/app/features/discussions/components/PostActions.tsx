import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import {
  postDelete,
  postFavourite,
  postInfo,
  postLike,
  postWithdraw,
  type PostDetail,
} from '@portal/contracts/discussions';
import { useInvalidateCalls } from '~/lib/query/use-call';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { POST_DELETE_CALLS } from '../api/post-calls';
import { toggled, type Reaction } from '../api/post-view';
import { useMemberGate } from '~/lib/use-member-gate';
import { usePublishPost } from '../publish/usePublishPost';
import { ConfirmAction } from '~/components/ConfirmAction';
import { useDiscussionSlots } from './discussion-slots';
import { PortalButton } from '~/components/PortalButton';

/**
 * A like or favourite button: flips at once, then takes the server's state and count; a refused
 * call puts it back (the request client has said why).
 */
function ReactionButton({
  initial,
  label,
  activeLabel,
  run,
  testId,
}: {
  initial: Reaction;
  label: string;
  activeLabel: string;
  run(): Promise<Reaction | null>;
  testId: string;
}) {
  const { gate } = useMemberGate();
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => setState(initial), [initial.active, initial.count]); // eslint-disable-line react-hooks/exhaustive-deps

  const onClick = () =>
    gate(() => {
      if (busy) return;
      const before = state;
      setState(toggled(before));
      setBusy(true);
      void run().then((after) => {
        setState(after ?? before);
        setBusy(false);
      });
    });

  return (
    <PortalButton
      onClick={onClick}
      variant={state.active ? 'primary' : 'default'}
      ghost={state.active}
      aria-pressed={state.active}
      data-testid={testId}
    >
      {state.active ? activeLabel : label}
      <span className="discuss-count" data-testid={`${testId}-count`}>
        {state.count}
      </span>
    </PortalButton>
  );
}

/** Like, favourite, and for the author: edit and delete (with a confirmation). */
export function PostActions({ post }: { post: PostDetail }) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const navigate = useNavigate();
  const invalidate = useInvalidateCalls();
  const { edit } = usePublishPost();
  const slots = useDiscussionSlots();
  const siteCode = site.apply_site;

  const like = async () => {
    const result = await requestClient.call(postLike, { tp_id: post.tp_id }, { siteCode });
    return result.ok ? { active: result.data.is_liked, count: result.data.like_count } : null;
  };
  const favourite = async () => {
    const result = await requestClient.call(postFavourite, { tp_id: post.tp_id }, { siteCode });
    return result.ok ? { active: result.data.is_favourited, count: result.data.favourite_count } : null;
  };
  const remove = async () => {
    const result = await requestClient.call(postDelete, { tp_id: post.tp_id }, { siteCode });
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    await invalidate(POST_DELETE_CALLS);
    void navigate(`/${site.prefix}/discuss/list`);
  };

  const withdraw = async () => {
    const result = await requestClient.call(postWithdraw, { tp_id: post.tp_id }, { siteCode });
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    await invalidate([{ call: postInfo, site: siteCode, body: { tp_id: post.tp_id } }]);
  };

  return (
    <div className="discuss-actions" data-testid="discuss-actions">
      {post.is_preview ? null : (
        <>
          <ReactionButton
            initial={{ active: post.is_liked, count: post.like_count }}
            label={t('ui.like')}
            activeLabel={t('ui.liked')}
            run={like}
            testId="discuss-like"
          />
          <ReactionButton
            initial={{ active: post.is_favourited, count: post.favourite_count }}
            label={t('ui.favourite')}
            activeLabel={t('ui.favourited')}
            run={favourite}
            testId="discuss-favourite"
          />
        </>
      )}
      {post.is_mine ? (
        <>
          <PortalButton onClick={() => edit(post.tp_id)} data-testid="discuss-edit">
            {t('ui.edit')}
          </PortalButton>
          {post.status === REVIEW_STATUS.pending ? (
            <ConfirmAction title={t('ui.withdrawConfirm')} onConfirm={withdraw}>
              <PortalButton data-testid="discuss-withdraw">{t('ui.withdraw')}</PortalButton>
            </ConfirmAction>
          ) : null}
          <ConfirmAction title={t('ui.deletePostConfirm')} onConfirm={remove} danger>
            <PortalButton danger data-testid="discuss-delete">
              {t('ui.delete')}
            </PortalButton>
          </ConfirmAction>
        </>
      ) : null}
      {slots.postTools?.(post)}
    </div>
  );
}
