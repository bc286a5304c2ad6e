import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import {
  DIALOG_DELAYS_MS,
  DIALOG_WIDTHS,
  EDITOR,
  EXPERT_FLAG,
  REVIEW_STATUS,
  UPLOAD_DEFAULTS,
} from '@portal/contracts/constants';
import { POST_RULE, POST_TYPE, postAdd, postEdit, postFormConfig, postInfo } from '@portal/contracts/discussions';
import { clearEditorDraft } from '~/components/editor/editor-draft';
import { LazyRichTextEditor } from '~/components/editor/LazyRichTextEditor';
import { AttachmentUpload, type FormAttachment } from '~/components/upload/AttachmentUpload';
import { SCROLL_TO_FIRST_ERROR, useContractForm } from '~/lib/forms/use-contract-form';
import { callWithContract } from '~/lib/forms/contract-call';
import { callQuery } from '~/lib/query/call-query';
import { useInvalidateCalls } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { POST_CALLS } from '../api/post-calls';
import { dispatchPostSaved } from './publish-post-events';
import {
  emptyPostForm,
  POST_FORM_FIELDS,
  postFormBody,
  postFormFromDetail,
  postFormIssues,
  type PostFormValues,
} from './post-form';
import './publish-post.css';
import { withPortalAntd } from '~/lib/PortalAntd';

export interface PublishPostDialogProps {
  open: boolean;
  /** One's own post to edit; absent: a new post. */
  postId?: number;
  /** The board to preselect for a new post. */
  boardId?: number;
  onClose(): void;
}

/** The editor as the content field: the form's value and id, and the field's red outline on error. */
function PostContentEditor(props: {
  value?: string;
  onChange?(html: string): void;
  id?: string;
  draftKey: string;
  onAttachment(attachment: FormAttachment): void;
}) {
  const { t } = useTranslation('postForm');
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
 * The publish-post dialog (spec 2: 879 px, editor 500 px high; spec 3 "Post form"; spec 5), also
 * used to edit one's own post. Every rule is the `post/add` contract's own zod schema, plus the
 * board rule of decision 024 (required when the site has boards, `postBoardIssue`) that the server
 * applies too, so the browser and the server's 40001 answer say the same thing; a failed submit
 * scrolls the first invalid field into view. The title is checked when it loses focus, as spec 5 says.
 *
 * Timings of spec 4: once the post is accepted, the dialog closes after 20 ms and the form is reset
 * after 500 ms. We wait for the server's answer rather than closing on the emit, so that a refusal
 * (203, 40001, 403) never throws away what the member wrote. Closing without publishing clears the
 * validation and the form, and the upload component is re-created after 200 ms.
 *
 * Published at once: the server's msg as a success toast, then the post's page. Through review
 * (status 10): the 500 px success dialog, which an outside click does not close, then the preview.
 */
function PublishPostDialog({ open, postId, boardId, onClose }: PublishPostDialogProps) {
  const { t } = useTranslation('postForm');
  const { site } = useShell();
  const navigate = useNavigate();
  const invalidate = useInvalidateCalls();
  const editing = postId !== undefined;
  const config = useQuery({ ...callQuery(postFormConfig, site, {}), enabled: open, staleTime: 60_000 });
  const info = useQuery({
    ...callQuery(postInfo, site, { tp_id: postId ?? 0 }),
    enabled: open && editing,
    staleTime: 0,
  });
  const userExpert = config.data?.user_expert;
  // The editor keeps a draft per form: a new post on each site, and each post being edited.
  const draftKey = editing ? `post-edit-${site.apply_site}-${postId}` : `post-add-${site.apply_site}`;

  // Decision 024: the board is required when the site has boards; the same list the server checks.
  const boardList = config.data?.post_board_list;
  const boardIds = useMemo(() => (boardList ?? []).map((b) => b.value), [boardList]);
  const boardRequired = boardIds.length > 0;
  const validate = useCallback((values: Partial<PostFormValues>) => postFormIssues(values, boardIds), [boardIds]);
  const { form, rule, showServerIssues } = useContractForm<PostFormValues>(validate);
  const [busy, setBusy] = useState(false);
  const [uploadGeneration, setUploadGeneration] = useState(0);
  const [pendingReview, setPendingReview] = useState<number | null>(null);
  const timers = useRef<number[]>([]);

  const later = useCallback((ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  }, []);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);

  const initial = useCallback(
    () => emptyPostForm(config.data?.source_default, boardId),
    [config.data?.source_default, boardId],
  );

  // Each opening starts from the post as saved (editing) or from a blank form in the board asked for.
  useEffect(() => {
    if (!open) return;
    if (editing) {
      if (info.data) form.setFieldsValue(postFormFromDetail(info.data));
    } else if (config.data) {
      const touched = form.isFieldsTouched();
      if (!touched) form.setFieldsValue(initial());
    }
  }, [open, editing, info.data, config.data, initial, form]);

  const addAttachment = useCallback(
    (attachment: FormAttachment) => {
      const list = (form.getFieldValue('tp_annex') as FormAttachment[] | undefined) ?? [];
      if (list.some((a) => a.att_id === attachment.att_id)) return;
      form.setFieldValue('tp_annex', [...list, attachment]);
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
    const values = form.getFieldsValue(true) as PostFormValues;
    const body = postFormBody(values);
    setBusy(true);
    const result = editing
      ? await callWithContract(postEdit, { tp_id: postId, ...body })
      : await callWithContract(postAdd, body);
    setBusy(false);
    if (!result) return;
    if (!result.ok) {
      showServerIssues(result.envelope, POST_FORM_FIELDS);
      return;
    }
    const { tp_id: savedId, status } = result.data;
    clearEditorDraft(draftKey);
    later(DIALOG_DELAYS_MS.close, onClose);
    later(DIALOG_DELAYS_MS.resetForm, () => {
      form.resetFields();
      setUploadGeneration((n) => n + 1);
    });
    // Queries of posts (lists, pages, one's own list) are refetched after a save.
    void invalidate(POST_CALLS);
    dispatchPostSaved({ postId: savedId, status, edited: editing });
    if (status === REVIEW_STATUS.pending) {
      setPendingReview(savedId);
      return;
    }
    toast.success(result.envelope.msg);
    void navigate(`/${site.prefix}/discuss/info/${savedId}`);
  };

  const leaveReview = () => {
    const id = pendingReview;
    setPendingReview(null);
    if (id) void navigate(`/${site.prefix}/discuss/info/${id}/1`);
  };

  const loading = !config.data || (editing && !info.data);
  const otherSites = config.data?.other_lang ?? [];

  return (
    <>
      <Modal
        open={open}
        onCancel={close}
        width={DIALOG_WIDTHS.post}
        centered
        // A long form: a stray click beside it must not throw the post away.
        maskClosable={false}
        keyboard={!busy}
        // Rendered in place, not into <body>: the body scroll lock of antd's portal injects a <style>
        // without the page's CSP nonce, which the policy blocks.
        getContainer={false}
        closable={{ 'aria-label': t('close') }}
        title={editing ? t('editTitle') : t('title')}
        footer={[
          <Button key="cancel" onClick={close} disabled={busy} data-testid="post-form-cancel">
            {t('cancel')}
          </Button>,
          <Button
            key="submit"
            type="primary"
            loading={busy}
            disabled={loading}
            onClick={() => form.submit()}
            data-testid="post-form-submit"
          >
            {editing ? t('save') : t('submit')}
          </Button>,
        ]}
      >
        {loading ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
        <Form<PostFormValues>
          form={form}
          name={editing ? `post-edit-${postId}` : 'post-add'}
          layout="vertical"
          initialValues={emptyPostForm(undefined, boardId)}
          onFinish={() => void submit()}
          scrollToFirstError={SCROLL_TO_FIRST_ERROR}
          className="post-form"
          hidden={loading}
          data-testid="post-form"
        >
          {userExpert === EXPERT_FLAG.expert ? (
            <Alert
              type="info"
              showIcon
              className="post-form__expert"
              title={t('expertNote')}
              data-testid="post-form-expert"
            />
          ) : null}
          <Form.Item
            name="tp_title"
            label={t('titleLabel')}
            required
            validateTrigger="onBlur"
            rules={[rule('tp_title')]}
          >
            <Input
              placeholder={t('titlePlaceholder')}
              maxLength={POST_RULE.titleMax}
              showCount
              data-testid="post-form-title"
            />
          </Form.Item>
          <div className="post-form__row">
            <Form.Item name="tp_type" label={t('typeLabel')} required rules={[rule('tp_type')]}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: POST_TYPE.discussion, label: t('typeDiscussion') },
                  { value: POST_TYPE.question, label: t('typeQuestion') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="tp_board_id"
              label={t('boardLabel')}
              required={boardRequired}
              rules={[rule('tp_board_id')]}
            >
              <Select
                allowClear={!boardRequired}
                placeholder={t('boardPlaceholder')}
                options={boardList ?? []}
                data-testid="post-form-board"
              />
            </Form.Item>
          </div>
          <div className="post-form__row">
            <Form.Item name="tp_hy_dd_id" label={t('industryLabel')} required rules={[rule('tp_hy_dd_id')]}>
              <Select
                // The whole label in the list, also on a phone's narrow field.
                popupMatchSelectWidth={false}
                placeholder={t('industryPlaceholder')}
                options={config.data?.post_ins_list ?? []}
                data-testid="post-form-industry"
              />
            </Form.Item>
            <Form.Item name="tp_cj_dd_id" label={t('sceneLabel')} required rules={[rule('tp_cj_dd_id')]}>
              <Select
                popupMatchSelectWidth={false}
                placeholder={t('scenePlaceholder')}
                options={config.data?.post_scene_list ?? []}
                data-testid="post-form-scene"
              />
            </Form.Item>
            <Form.Item name="tp_source" label={t('sourceLabel')} required rules={[rule('tp_source')]}>
              <Select options={config.data?.post_source_list ?? []} data-testid="post-form-source" />
            </Form.Item>
          </div>
          <Form.Item name="tp_content" label={t('contentLabel')} required rules={[rule('tp_content')]}>
            <PostContentEditor draftKey={draftKey} onAttachment={addAttachment} />
          </Form.Item>
          <Form.Item
            name="tp_annex"
            label={t('annexLabel')}
            extra={t('annexHint', { types: UPLOAD_DEFAULTS.formAttachmentTypes.join(', ') })}
            rules={[rule('tp_annex')]}
          >
            <AttachmentUpload
              key={uploadGeneration}
              types={UPLOAD_DEFAULTS.formAttachmentTypes}
              limit={config.data?.file_limit}
            />
          </Form.Item>
          {!editing && otherSites.length > 0 ? (
            <Form.Item name="other_lang" label={t('otherLangLabel')} rules={[rule('other_lang')]}>
              <Checkbox.Group
                options={otherSites.map((s) => ({ value: s.tws_id, label: s.tws_name }))}
                data-testid="post-form-other-lang"
              />
            </Form.Item>
          ) : null}
        </Form>
      </Modal>
      <Modal
        open={pendingReview !== null}
        width={DIALOG_WIDTHS.success}
        centered
        maskClosable={false}
        getContainer={false}
        closable={{ 'aria-label': t('close') }}
        onCancel={leaveReview}
        title={t('reviewTitle')}
        footer={[
          <Button key="ok" type="primary" onClick={leaveReview} data-testid="post-review-ok">
            {t('reviewOk')}
          </Button>,
        ]}
      >
        <Result status="success" title={t('reviewTitle')} subTitle={t('reviewBody')} />
      </Modal>
    </>
  );
}

export default withPortalAntd(PublishPostDialog);
