import { useState } from 'react';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import { reportContent, type ReportTarget } from '@portal/contracts/moderation';
import { withPortalAntd } from '~/lib/PortalAntd';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { ReasonField } from './ReasonField';
import './moderation.css';

/** The report's dialog: the reason asked and sent; loaded with its antd on the first press of "report". */
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

export default withPortalAntd(ReportDialog);
