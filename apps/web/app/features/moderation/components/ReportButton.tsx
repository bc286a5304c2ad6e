import { useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import { reportContent, type ReportTarget } from '@portal/contracts/moderation';
import { loginPath } from '~/lib/login-link';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useLocation, useNavigate } from 'react-router';
import { ReasonField } from './ReasonField';
import './moderation.css';
import { withPortalAntd } from '~/lib/PortalAntd';

/**
 * "Report" on a post or a comment: a dialog asking the reason (1 to 500 characters), sent to the
 * moderators of the post's board. A visitor goes to the login page and comes back (spec 4); a
 * second report of the same item while the first is open is refused by the server with its message.
 * A page shows one button per comment, so the dialog and its form exist only from the first press
 * (none of them is rendered on the server or hydrated).
 */
function ReportButtonView({
  targetKind,
  targetId,
  size,
  type = 'text',
}: {
  targetKind: ReportTarget;
  targetId: number;
  size?: 'small' | 'middle';
  type?: 'text' | 'link' | 'default';
}) {
  const { t } = useTranslation('moderation');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [pressed, setPressed] = useState(false);

  const press = () => {
    if (!user) {
      void navigate(loginPath(site, location, origin || window.location.origin));
      return;
    }
    setPressed(true);
    setOpen(true);
  };

  return (
    <>
      <Button type={type} size={size} onClick={press} data-testid={`report-${targetKind}-${targetId}`}>
        {t('ui.report')}
      </Button>
      {pressed && (
        <ReportDialog targetKind={targetKind} targetId={targetId} open={open} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function ReportDialog({
  targetKind,
  targetId,
  open,
  onClose,
}: {
  targetKind: ReportTarget;
  targetId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('moderation');
  const { site } = useShell();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const submit = async ({ reason }: { reason: string }) => {
    if (busy) return;
    setBusy(true);
    const result = await requestClient.call(
      reportContent,
      { target_kind: targetKind, target_id: targetId, reason },
      { siteCode: site.apply_site },
    );
    setBusy(false);
    if (!result.ok) return;
    toast.success(result.envelope.msg);
    onClose();
  };

  return (
    <Modal
      open={open}
      onCancel={() => !busy && onClose()}
      afterClose={() => form.resetFields()}
      onOk={() => form.submit()}
      okText={t('ui.reportSend')}
      cancelText={t('ui.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'report-send' } as never}
      title={t(`ui.reportTitle_${targetKind}`)}
      getContainer={false}
      centered
      closable={{ 'aria-label': t('ui.close') }}
    >
      <p className="moderation-dialog__text">{t('ui.reportLead')}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <ReasonField testId="report-reason" />
      </Form>
    </Modal>
  );
}

/** Drawn in a lazy chunk of the post page: it brings antd's provider along (lib/PortalAntd.tsx). */
export const ReportButton = withPortalAntd(ReportButtonView);
