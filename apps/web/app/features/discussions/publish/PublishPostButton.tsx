import Button, { type ButtonProps } from 'antd/es/button';
import { useTranslation } from '~/lib/use-translation';
import { usePublishPost } from './usePublishPost';

/** The discussions page's "post" button: opens the publish-post dialog, in `boardId` when given. */
export function PublishPostButton({ boardId, ...props }: { boardId?: number } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation('postForm');
  const { publish } = usePublishPost();
  return (
    <Button type="primary" data-testid="publish-post-open" {...props} onClick={() => publish(boardId)}>
      {props.children ?? t('open')}
    </Button>
  );
}
