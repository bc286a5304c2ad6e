import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { DIALOG_DELAYS_MS, DIALOG_WIDTHS, EDITOR, UPLOAD_DEFAULTS } from '@portal/contracts/constants';
import {
  JOURNAL_SUBMISSION_RULE,
  ebookAdd,
  ebookEdit,
  ebookFormConfig,
  ebookMine,
  ebookSubmissionInfo,
} from '@portal/contracts/journal-submissions';
import { journalSubmissionCatalogues } from '@portal/locales/journal-submission';
import { clearEditorDraft } from '~/components/editor/editor-draft';
import { LazyRichTextEditor } from '~/components/editor/LazyRichTextEditor';
import { AttachmentUpload, type FormAttachment } from '~/components/upload/AttachmentUpload';
import { SCROLL_TO_FIRST_ERROR, useContractForm } from '~/lib/forms/use-contract-form';
import { callWithContract } from '~/lib/forms/contract-call';
import { addTexts } from '~/lib/i18n';
import { withPortalAntd } from '~/lib/PortalAntd';
import { callQuery } from '~/lib/query/call-query';
import { useInvalidateCalls } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import {
  SUBMISSION_FORM_FIELDS,
  emptySubmissionForm,
  submissionFormBody,
  submissionFormIssues,
  type SubmissionFormValues,
} from './submission-form';
import './journal-submit.css';

// The dialog's texts come with its chunk, not with every page.
addTexts(journalSubmissionCatalogues);

export interface JournalSubmitDialogProps {
  open: boolean;
  /** The author's own submission to edit and resubmit (teba_id). */
  edit?: number;
  onClose(): void;
}

/** The editor as the content field: the form's value and id, the field's red outline on error, its pictures as attachments. */
function SubmissionContentEditor(props: {
  value?: string;
  onChange?(html: string): void;
  id?: string;
  draftKey: string;
  onAttachment(attachment: FormAttachment): void;
}) {
  const { t } = useTranslation('journalForm');
  const { status } = Form.Item.useStatus();
  return (
    <LazyRichTextEditor
      {...props}
      height={EDITOR.formHeight}
      placeholder={t('contentPlaceholder')}
      aria-label={t('contentLabel')}
      status={status === 'error' ? 'error' : ''}
    />
  );
}

/**
 * The e-magazine submission dialog (spec 2: 726 px; spec 3 "E-magazine submission"; spec 5): the
 * author's name, nickname, phone and email prefilled from the profile, the title, industry and field
 * of the site's lists, the content in the shared editor and attachments. Every rule is
 * `/api/ebook/add`'s own schema (required, blank after trimming, lengths), so the browser and the
 * server's 40001 say the same words; a failed submit scrolls the first invalid field into view.
 *
 * Once accepted, the dialog closes after 20 ms, the form resets after 500 ms and the upload is
 * re-created, and the 500 px success dialog, which an outside click does not close, says editors
 * are reviewing it. Editing one's submission (rejected, withdrawn or pending) submits it again.
 */
function JournalSubmitDialog({ open, edit, onClose }: JournalSubmitDialogProps) {
  const { t } = useTranslation('journalForm');
  const { site } = useShell();
  const invalidate = useInvalidateCalls();
  const editing = edit !== undefined;
  const config = useQuery({ ...callQuery(ebookFormConfig, site, {}), enabled: open, staleTime: 60_000 });
  const info = useQuery({
    ...callQuery(ebookSubmissionInfo, site, { teba_id: edit ?? 0 }),
    enabled: open && editing,
    staleTime: 0,
  });
  const draftKey = editing ? `journal-edit-${edit}` : `journal-add-${site.apply_site}`;
  const { form, rule, showServerIssues } = useContractForm<SubmissionFormValues>(submissionFormIssues);
  const [busy, setBusy] = useState(false);
  const [uploadGeneration, setUploadGeneration] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const timers = useRef<number[]>([]);

  const later = useCallback((ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  }, []);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);

  // Each opening starts from the submission as saved (editing) or from the member's profile.
  useEffect(() => {
    if (!open) return;
    if (editing) {
      if (info.data) form.setFieldsValue({ ...info.data, teba_annex: info.data.teba_annex });
    } else if (config.data && !form.isFieldsTouched()) {
      form.setFieldsValue(emptySubmissionForm(config.data.profile));
    }
  }, [open, editing, info.data, config.data, form]);

  const addAttachment = useCallback(
    (attachment: FormAttachment) => {
      const list = (form.getFieldValue('teba_annex') as FormAttachment[] | undefined) ?? [];
      if (list.some((a) => a.att_id === attachment.att_id)) return;
      form.setFieldValue('teba_annex', [...list, attachment]);
    },
    [form],
  );

  const close = () => {
    if (busy) return;
    onClose();
    // Spec 4: validation cleared and the form reset; the upload component re-created after 200 ms.
    form.resetFields();
    later(DIALOG_DELAYS_MS.resetUpload, () => setUploadGeneration((n) => n + 1));
  };

  const submit = async () => {
    if (busy) return;
    const body = submissionFormBody(form.getFieldsValue(true) as SubmissionFormValues);
    setBusy(true);
    const result = editing
      ? await callWithContract(ebookEdit, { ...body, teba_id: edit })
      : await callWithContract(ebookAdd, body);
    setBusy(false);
    if (!result) return;
    if (!result.ok) {
      showServerIssues(result.envelope, SUBMISSION_FORM_FIELDS);
      return;
    }
    clearEditorDraft(draftKey);
    later(DIALOG_DELAYS_MS.close, onClose);
    later(DIALOG_DELAYS_MS.resetForm, () => {
      form.resetFields();
      setUploadGeneration((n) => n + 1);
    });
    // The personal centre's list of the member's submissions shows the new status.
    void invalidate([{ call: ebookMine }]);
    setSubmitted(true);
  };

  const loading = !config.data || (editing && !info.data);

  return (
    <>
      <Modal
        open={open}
        onCancel={close}
        width={DIALOG_WIDTHS.journal}
        centered
        // A long form: a stray click beside it must not throw the article away.
        maskClosable={false}
        keyboard={!busy}
        // Rendered in place, not into <body> (the page's CSP, as the post dialog).
        getContainer={false}
        closable={{ 'aria-label': t('close') }}
        title={editing ? t('editTitle') : t('title')}
        footer={[
          <Button key="cancel" onClick={close} disabled={busy} data-testid="journal-form-cancel">
            {t('cancel')}
          </Button>,
          <Button
            key="submit"
            type="primary"
            loading={busy}
            disabled={loading}
            onClick={() => form.submit()}
            data-testid="journal-form-submit"
          >
            {t('submit')}
          </Button>,
        ]}
      >
        {loading ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
        <Form<SubmissionFormValues>
          form={form}
          name={editing ? `journal-edit-${edit}` : 'journal-add'}
          layout="vertical"
          initialValues={emptySubmissionForm()}
          onFinish={() => void submit()}
          scrollToFirstError={SCROLL_TO_FIRST_ERROR}
          className="journal-form"
          hidden={loading}
          data-testid="journal-form"
        >
          <div className="journal-form__row">
            <Form.Item name="user_name" label={t('nameLabel')} required rules={[rule('user_name')]}>
              <Input maxLength={JOURNAL_SUBMISSION_RULE.nameMax} data-testid="journal-form-name" />
            </Form.Item>
            <Form.Item name="user_nick_name" label={t('nickLabel')} required rules={[rule('user_nick_name')]}>
              <Input maxLength={JOURNAL_SUBMISSION_RULE.nickMax} data-testid="journal-form-nick" />
            </Form.Item>
          </div>
          <div className="journal-form__row">
            <Form.Item
              name="user_contact_mobile"
              label={t('mobileLabel')}
              required
              rules={[rule('user_contact_mobile')]}
            >
              <Input type="tel" maxLength={JOURNAL_SUBMISSION_RULE.mobileMax} data-testid="journal-form-mobile" />
            </Form.Item>
            <Form.Item name="user_contact_email" label={t('emailLabel')} required rules={[rule('user_contact_email')]}>
              <Input type="email" maxLength={JOURNAL_SUBMISSION_RULE.emailMax} data-testid="journal-form-email" />
            </Form.Item>
          </div>
          <Form.Item name="teba_title" label={t('titleLabel')} required rules={[rule('teba_title')]}>
            <Input
              placeholder={t('titlePlaceholder')}
              maxLength={JOURNAL_SUBMISSION_RULE.titleMax}
              showCount
              data-testid="journal-form-title"
            />
          </Form.Item>
          <div className="journal-form__row">
            <Form.Item name="teba_hy_dd_id" label={t('industryLabel')} required rules={[rule('teba_hy_dd_id')]}>
              <Select
                popupMatchSelectWidth={false}
                placeholder={t('industryPlaceholder')}
                options={config.data?.industry_list ?? []}
                data-testid="journal-form-industry"
              />
            </Form.Item>
            <Form.Item name="teba_cj_dd_id" label={t('fieldLabel')} required rules={[rule('teba_cj_dd_id')]}>
              <Select
                popupMatchSelectWidth={false}
                placeholder={t('fieldPlaceholder')}
                options={config.data?.field_list ?? []}
                data-testid="journal-form-field"
              />
            </Form.Item>
          </div>
          <Form.Item name="teba_content" label={t('contentLabel')} required rules={[rule('teba_content')]}>
            <SubmissionContentEditor draftKey={draftKey} onAttachment={addAttachment} />
          </Form.Item>
          <Form.Item
            name="teba_annex"
            label={t('annexLabel')}
            extra={t('annexHint', { types: UPLOAD_DEFAULTS.formAttachmentTypes.join(', ') })}
            rules={[rule('teba_annex')]}
          >
            <AttachmentUpload
              key={uploadGeneration}
              types={UPLOAD_DEFAULTS.formAttachmentTypes}
              limit={config.data?.file_limit}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={submitted}
        width={DIALOG_WIDTHS.success}
        centered
        maskClosable={false}
        getContainer={false}
        closable={{ 'aria-label': t('close') }}
        onCancel={() => setSubmitted(false)}
        title={t('successTitle')}
        footer={[
          <Button key="ok" type="primary" onClick={() => setSubmitted(false)} data-testid="journal-success-ok">
            {t('successOk')}
          </Button>,
        ]}
      >
        <Result
          status="success"
          title={t('successTitle')}
          subTitle={t('successBody')}
          data-testid="journal-success-dialog"
        />
      </Modal>
    </>
  );
}

// The dialog's chunk brings antd's theme, language and CSP nonce with it (the shell holds none).
export default withPortalAntd(JournalSubmitDialog);
