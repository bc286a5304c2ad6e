import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { ARTICLE_SOURCE, DIALOG_DELAYS_MS, DIALOG_WIDTHS, EDITOR, EXPERT_FLAG } from '@portal/contracts/constants';
import {
  TOPIC_RULE,
  topicArticleAdd,
  topicArticleEdit,
  topicArticleInfo,
  topicArticlePath,
  topicFormConfig,
} from '@portal/contracts/topics';
import { clearEditorDraft } from '~/components/editor/editor-draft';
import { LazyRichTextEditor } from '~/components/editor/LazyRichTextEditor';
import { SCROLL_TO_FIRST_ERROR, useContractForm } from '~/lib/forms/use-contract-form';
import { callWithContract } from '~/lib/forms/contract-call';
import { callQuery } from '~/lib/query/call-query';
import { useInvalidateCalls } from '~/lib/query/use-call';
import { withPortalAntd } from '~/lib/PortalAntd';
import { useShell } from '~/lib/shell';
import { TOPIC_CALLS } from '../api/topic-queries';
import { topicArticleMine } from '@portal/contracts/topic-articles-mine';
import {
  ARTICLE_FORM_FIELDS,
  articleFormBody,
  articleFormIssues,
  emptyArticleForm,
  type ArticleFormValues,
} from './article-form';
import type { ArticleEdit } from './publish-article-events';

export interface PublishArticleDialogProps {
  open: boolean;
  /** The topic to preselect. */
  topicId?: number;
  /** The author's article to edit and submit again. */
  edit?: ArticleEdit;
  onClose(): void;
}

/** The editor as the content field: the form's value and id, and the field's red outline on error. */
function ArticleContentEditor(props: { value?: string; onChange?(html: string): void; id?: string; draftKey: string }) {
  const { t } = useTranslation('topicForm');
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
 * The topic article dialog (spec 3 "Topic article submission", spec 5 "Topic article form"): the
 * title (checked when it loses focus), the topic from the site's topic list, the source (10
 * original, 20 reprint, or the site's list; a reprint names its original URL), the content in the
 * shared editor, the other language sites. Every rule is `/api/topic/articleAdd`'s own schema, so
 * the browser and the server's 40001 say the same words; a failed submit scrolls the first invalid
 * field into view. An expert's article is flagged on the server (is_expert 20).
 *
 * Articles always go through review: once accepted, the dialog closes after 20 ms, the form resets
 * after 500 ms, and the 500 px success dialog, which an outside click does not close, says editors
 * are reviewing it; its button opens the article's preview.
 */
function PublishArticleDialog({ open, topicId, edit, onClose }: PublishArticleDialogProps) {
  const { t } = useTranslation('topicForm');
  const { site } = useShell();
  const navigate = useNavigate();
  const invalidate = useInvalidateCalls();
  const config = useQuery({ ...callQuery(topicFormConfig, site, {}), enabled: open, staleTime: 60_000 });
  const draftKey = edit ? `article-edit-${edit.ttar_id}` : `article-add-${site.apply_site}`;
  const { form, rule, showServerIssues } = useContractForm<ArticleFormValues>(articleFormIssues);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState<number | null>(null);
  const source = Form.useWatch('ttar_source', form);
  const timers = useRef<number[]>([]);

  const later = useCallback((ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  }, []);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);

  useEffect(() => {
    if (open && config.data && !form.isFieldsTouched()) {
      form.setFieldsValue(edit ? { ...edit, other_lang: [] } : emptyArticleForm(topicId, config.data.source_default));
    }
  }, [open, config.data, topicId, edit, form]);

  const close = () => {
    if (busy) return;
    onClose();
    // Spec 4: validation cleared and the form reset.
    form.resetFields();
  };

  const submit = async () => {
    if (busy) return;
    const body = articleFormBody(form.getFieldsValue(true) as ArticleFormValues);
    setBusy(true);
    const result = edit
      ? await callWithContract(topicArticleEdit, { ...body, other_lang: [], ttar_id: edit.ttar_id })
      : await callWithContract(topicArticleAdd, body);
    setBusy(false);
    if (!result) return;
    if (!result.ok) {
      showServerIssues(result.envelope, ARTICLE_FORM_FIELDS);
      return;
    }
    clearEditorDraft(draftKey);
    later(DIALOG_DELAYS_MS.close, onClose);
    later(DIALOG_DELAYS_MS.resetForm, () => form.resetFields());
    void invalidate(
      edit
        ? [
            ...TOPIC_CALLS,
            { call: topicArticleInfo, site: site.apply_site, body: { ttar_id: edit.ttar_id } },
            // The personal centre's list of the author's articles shows the new status.
            { call: topicArticleMine },
          ]
        : TOPIC_CALLS,
    );
    setSubmitted(result.data.ttar_id);
  };

  const leave = () => {
    const id = submitted;
    setSubmitted(null);
    if (id) void navigate(topicArticlePath(site.prefix, id));
  };

  const loading = !config.data;
  const otherSites = config.data?.other_lang ?? [];

  return (
    <>
      <Modal
        open={open}
        onCancel={close}
        width={DIALOG_WIDTHS.post}
        centered
        // A long form: a stray click beside it must not throw the article away.
        maskClosable={false}
        keyboard={!busy}
        // Rendered in place, not into <body> (the page's CSP, as the post dialog).
        getContainer={false}
        closable={{ 'aria-label': t('close') }}
        title={edit ? t('editTitle') : t('title')}
        footer={[
          <Button key="cancel" onClick={close} disabled={busy} data-testid="article-form-cancel">
            {t('cancel')}
          </Button>,
          <Button
            key="submit"
            type="primary"
            loading={busy}
            disabled={loading}
            onClick={() => form.submit()}
            data-testid="article-form-submit"
          >
            {t('submit')}
          </Button>,
        ]}
      >
        {loading ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
        <Form<ArticleFormValues>
          form={form}
          name="article-add"
          layout="vertical"
          initialValues={edit ? { ...edit, other_lang: [] } : emptyArticleForm(topicId)}
          onFinish={() => void submit()}
          scrollToFirstError={SCROLL_TO_FIRST_ERROR}
          hidden={loading}
          data-testid="article-form"
        >
          {config.data?.user_expert === EXPERT_FLAG.expert ? (
            <Alert type="info" showIcon title={t('expertNote')} data-testid="article-form-expert" />
          ) : null}
          <Form.Item
            name="ttar_title"
            label={t('titleLabel')}
            required
            validateTrigger="onBlur"
            rules={[rule('ttar_title')]}
          >
            <Input
              placeholder={t('titlePlaceholder')}
              maxLength={TOPIC_RULE.titleMax}
              showCount
              data-testid="article-form-title"
            />
          </Form.Item>
          <Form.Item name="tt_id" label={t('topicLabel')} required rules={[rule('tt_id')]}>
            <Select
              placeholder={t('topicPlaceholder')}
              popupMatchSelectWidth={false}
              options={(config.data?.topic_list ?? []).map((x) => ({ value: x.tt_id, label: x.tt_title }))}
              data-testid="article-form-topic"
            />
          </Form.Item>
          <Form.Item name="ttar_source" label={t('sourceLabel')} required rules={[rule('ttar_source')]}>
            <Radio.Group options={config.data?.article_source_list ?? []} data-testid="article-form-source" />
          </Form.Item>
          {source === ARTICLE_SOURCE.reprint ? (
            <Form.Item
              name="ttar_source_url"
              label={t('sourceUrlLabel')}
              required
              validateTrigger="onBlur"
              rules={[rule('ttar_source_url')]}
            >
              <Input
                type="url"
                placeholder={t('sourceUrlPlaceholder')}
                maxLength={TOPIC_RULE.sourceUrlMax}
                data-testid="article-form-source-url"
              />
            </Form.Item>
          ) : null}
          <Form.Item name="ttar_content" label={t('contentLabel')} required rules={[rule('ttar_content')]}>
            <ArticleContentEditor draftKey={draftKey} />
          </Form.Item>
          {otherSites.length > 0 && !edit ? (
            <Form.Item name="other_lang" label={t('otherLangLabel')} rules={[rule('other_lang')]}>
              <Checkbox.Group
                options={otherSites.map((s) => ({ value: s.tws_id, label: s.tws_name }))}
                data-testid="article-form-other-lang"
              />
            </Form.Item>
          ) : null}
        </Form>
      </Modal>
      <Modal
        open={submitted !== null}
        width={DIALOG_WIDTHS.success}
        centered
        maskClosable={false}
        getContainer={false}
        closable={{ 'aria-label': t('close') }}
        onCancel={leave}
        title={t('reviewTitle')}
        footer={[
          <Button key="ok" type="primary" onClick={leave} data-testid="article-review-ok">
            {t('reviewOk')}
          </Button>,
        ]}
      >
        <Result
          status="success"
          title={t('reviewTitle')}
          subTitle={t('reviewBody')}
          data-testid="article-review-dialog"
        />
      </Modal>
    </>
  );
}

// The dialog's chunk brings antd's theme, language and CSP nonce with it (the shell holds none).
export default withPortalAntd(PublishArticleDialog);
