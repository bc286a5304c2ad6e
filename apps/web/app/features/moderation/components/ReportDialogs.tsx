import { useState } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import {
  moderationDeleteComment,
  moderationHandleReport,
  REPORT_RULE,
  REPORT_STATUS,
} from '@portal/contracts/moderation';
import type { ReportItem } from '@portal/contracts/moderation';
import { withPortalAntd } from '~/lib/PortalAntd';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { useRefreshAfterModeration } from '../api/moderation-queries';

/** How a moderator closes a report. */
export type ReportClosing = typeof REPORT_STATUS.handled | typeof REPORT_STATUS.dismissed;

/** Closing a report as handled or dismissed, with an optional note for the other moderators. */
function CloseReportDialogView({
  report,
  status,
  onClose,
}: {
  report: ReportItem;
  status: ReportClosing;
  onClose(): void;
}) {
  const { t } = useTranslation('moderation');
  const { site } = useShell();
  const [form] = Form.useForm<{ note?: string }>();
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshAfterModeration();

  const submit = async ({ note }: { note?: string }) => {
    if (busy) return;
    setBusy(true);
    const result = await requestClient.call(
      moderationHandleReport,
      { report_id: report.report_id, status, ...(note ? { note } : {}) },
      { siteCode: site.apply_site },
    );
    setBusy(false);
    if (result.ok) toast.success(t('ui.done'));
    // Closed by someone else meanwhile: the refusal has been shown; the list shows the truth.
    await refresh();
    if (result.ok) onClose();
  };

  return (
    <Modal
      open
      onCancel={() => !busy && onClose()}
      onOk={() => form.submit()}
      okText={t('ui.ok')}
      cancelText={t('ui.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'report-close-confirm' } as never}
      title={status === REPORT_STATUS.handled ? t('ui.handleTitle') : t('ui.dismissTitle')}
      getContainer={false}
      centered
      destroyOnHidden
      closable={{ 'aria-label': t('ui.close') }}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="note" label={t('ui.noteLabel')}>
          <Input.TextArea
            rows={3}
            showCount
            maxLength={REPORT_RULE.noteMax}
            placeholder={t('ui.notePlaceholder')}
            data-testid="report-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Deleting the reported comment, after a confirmation. */
function DeleteCommentDialogView({ report, onClose }: { report: ReportItem; onClose(): void }) {
  const { t } = useTranslation('moderation');
  const { site } = useShell();
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshAfterModeration();
  const remove = async () => {
    setBusy(true);
    const result = await requestClient.call(
      moderationDeleteComment,
      { comment_id: report.target_id, reason: report.reason },
      { siteCode: site.apply_site },
    );
    setBusy(false);
    if (result.ok) toast.success(t('ui.done'));
    await refresh();
    onClose();
  };
  return (
    <Modal
      open
      onCancel={() => !busy && onClose()}
      onOk={() => void remove()}
      okText={t('ui.ok')}
      cancelText={t('ui.cancel')}
      okButtonProps={{ loading: busy, danger: true, 'data-testid': 'comment-delete-confirm' } as never}
      title={t('ui.deleteComment')}
      getContainer={false}
      centered
      closable={{ 'aria-label': t('ui.close') }}
    >
      <p className="moderation-dialog__text">{t('ui.deleteCommentConfirm')}</p>
    </Modal>
  );
}

// A chunk of their own, loaded when a moderator opens one: they bring antd's provider along.
export const CloseReportDialog = withPortalAntd(CloseReportDialogView);
export const DeleteCommentDialog = withPortalAntd(DeleteCommentDialogView);
