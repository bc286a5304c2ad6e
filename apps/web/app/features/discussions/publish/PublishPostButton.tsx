import { PortalButton, type PortalButtonProps } from '~/components/PortalButton';
import { useTranslation } from '~/lib/use-translation';
import { usePublishPost } from './usePublishPost';

/** The discussions page's "post" button: opens the publish-post dialog, in `boardId` when given. */
export function PublishPostButton({
  boardId,
  ...props
}: { boardId?: number } & Omit<PortalButtonProps, 'onClick' | 'variant'>) {
  const { t } = useTranslation('postForm');
  const { publish } = usePublishPost();
  return (
    <PortalButton variant="primary" data-testid="publish-post-open" {...props} onClick={() => publish(boardId)}>
      {props.children ?? t('open')}
    </PortalButton>
  );
}
