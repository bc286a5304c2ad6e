import { useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { moderationAct, type ModeratedPost, type ModerationAction } from '@portal/contracts/moderation';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useRefreshAfterModeration } from '../api/moderation-queries';
import { useMyBoards } from '../api/my-boards';
import { ReasonField } from './ReasonField';

/** What an action needs to know of a post. */
export interface ActionPost {
  tp_id: number;
  tp_title: string;
  board_id: number | null;
}

interface Values {
  reason?: string;
  board_id?: number;
}

/**
 * The confirmation of one moderator action on a post: a plain question for most, the reason for a
 * hide (required, sent to the author), the target board for a move (one of my boards). The answer's
 * msg is shown when the server refuses (the request client does); on success the lists and the
 * post's page are refreshed.
 */
export function PostActionDialog({
  post,
  action,
  onClose,
  onDone,
}: {
  post: ActionPost;
  action: ModerationAction;
  onClose(): void;
  onDone?(post: ModeratedPost): void;
}) {
  const { t } = useTranslation('moderation');
  const { site } = useShell();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const boards = useMyBoards();
  const refresh = useRefreshAfterModeration();
  const targets = (boards.data?.list ?? []).filter((b) => b.board_id !== post.board_id);

  const submit = async (values: Values) => {
    if (busy) return;
    setBusy(true);
    const result = await requestClient.call(
      moderationAct,
      {
        tp_id: post.tp_id,
        action,
        ...(action === 'hide' ? { reason: values.reason ?? '' } : {}),
        ...(action === 'move' && values.board_id !== undefined ? { board_id: values.board_id } : {}),
      },
      { siteCode: site.apply_site },
    );
    setBusy(false);
    if (!result.ok) return;
    toast.success(t('ui.done'));
    await refresh();
    onDone?.(result.data);
    onClose();
  };

  return (
    <Modal
      open
      onCancel={() => !busy && onClose()}
      onOk={() => form.submit()}
      okText={t('ui.ok')}
      cancelText={t('ui.cancel')}
      okButtonProps={{ loading: busy, danger: action === 'hide', 'data-testid': 'moderation-confirm' } as never}
      cancelButtonProps={{ disabled: busy }}
      title={t(`ui.action_${action}`)}
      getContainer={false}
      centered
      destroyOnHidden
      closable={{ 'aria-label': t('ui.close') }}
    >
      <p className="moderation-dialog__text">{t(`ui.confirm_${action}`, { title: post.tp_title })}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        {action === 'hide' && <ReasonField testId="moderation-reason" />}
        {action === 'move' && (
          <Form.Item
            name="board_id"
            label={t('ui.moveTarget')}
            rules={[{ required: true, message: t('api.boardRequired') }]}
          >
            <Select
              placeholder={t('ui.moveTargetPlaceholder')}
              options={targets.map((b) => ({ value: b.board_id, label: b.board_name }))}
              data-testid="moderation-move-target"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
