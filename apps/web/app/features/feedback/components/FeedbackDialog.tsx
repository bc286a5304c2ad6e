import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { DIALOG_WIDTHS } from '@portal/contracts/constants';
import { FEEDBACK_RULE, feedBack } from '@portal/contracts/feedback';
import { fieldIssues } from '~/lib/forms/form-issues';
import { useContractForm } from '~/lib/forms/use-contract-form';
import { callWithContract } from '~/lib/forms/contract-call';
import { toast } from '~/lib/toast';
import './feedback.css';
import { withPortalAntd } from '~/lib/PortalAntd';

export interface FeedbackDialogProps {
  open: boolean;
  onClose(): void;
}

interface FeedbackValues {
  tufb_content: string;
}

const feedbackBody = (v: Partial<FeedbackValues>) => ({ tufb_content: v.tufb_content ?? '' });
const validateFeedback = (v: Partial<FeedbackValues>) => fieldIssues(feedBack.body, feedbackBody(v));

/**
 * The feedback dialog (spec 2, 560 px; spec 3 `tufb_content`; spec 7 `feedBack`). The text is checked
 * with the call's own rule (1 to 5,000 characters once trimmed). Once sent, the server's msg is the
 * success toast; success or not, the box is cleared and the dialog closed (a failure has already
 * shown its message). Ctrl+Enter (⌘+Enter) sends from the text box.
 */
function FeedbackDialog({ open, onClose }: FeedbackDialogProps) {
  const { t } = useTranslation('feedback');
  const { form, rule } = useContractForm<FeedbackValues>(validateFeedback);
  const [busy, setBusy] = useState(false);
  const box = useRef<TextAreaRef>(null);

  const close = useCallback(() => {
    if (!busy) onClose();
  }, [busy, onClose]);

  const submit = async (values: FeedbackValues) => {
    if (busy) return;
    setBusy(true);
    const result = await callWithContract(feedBack, feedbackBody(values));
    setBusy(false);
    if (!result) return;
    if (result.ok) toast.success(result.envelope.msg);
    form.resetFields();
    onClose();
  };

  const sendOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.submit();
    }
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      // Spec 4: closing clears the validation and the form.
      afterClose={() => form.resetFields()}
      afterOpenChange={(visible) => {
        if (visible) box.current?.focus({ cursor: 'end' });
      }}
      width={DIALOG_WIDTHS.feedback}
      centered
      maskClosable={!busy}
      keyboard={!busy}
      // Rendered in place, not into <body>: the body scroll lock of antd's portal injects a <style>
      // without the page's CSP nonce, which the policy blocks.
      getContainer={false}
      closable={{ 'aria-label': t('close') }}
      title={t('title')}
      footer={[
        <Button key="cancel" onClick={close} disabled={busy} data-testid="feedback-cancel">
          {t('cancel')}
        </Button>,
        <Button key="send" type="primary" loading={busy} onClick={() => form.submit()} data-testid="feedback-send">
          {t('send')}
        </Button>,
      ]}
    >
      <p className="feedback-dialog__lead">{t('lead')}</p>
      <Form
        form={form}
        name="feedback"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        data-testid="feedback-form"
      >
        <Form.Item name="tufb_content" label={t('contentLabel')} rules={[rule('tufb_content')]}>
          <Input.TextArea
            ref={box}
            rows={7}
            showCount
            maxLength={FEEDBACK_RULE.contentMax}
            placeholder={t('placeholder')}
            onKeyDown={sendOnCtrlEnter}
            data-testid="feedback-content"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default withPortalAntd(FeedbackDialog);
