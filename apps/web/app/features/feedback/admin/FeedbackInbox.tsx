import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Result from 'antd/es/result';
import Table, { type ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { adminDashboard } from '@portal/contracts/admin';
import {
  adminFeedbackHandle,
  adminFeedbackList,
  FEEDBACK_RULE,
  FEEDBACK_STATUS,
  type FeedbackItem,
} from '@portal/contracts/feedback';
import { Avatar } from '~/components/Avatar';
import { fieldIssues } from '~/lib/forms/form-issues';
import { useContractForm } from '~/lib/forms/use-contract-form';
import { useCallMutation, useCallPages } from '~/lib/query/use-call';
import { useFormatTime } from '~/lib/format';
import { clipText, INBOX_TABS, listBody, searchWithView, viewFromSearch, type InboxTab } from './inbox-view';
import { LoadMore } from '~/components/admin/LoadMore';

const PAGE_SIZE = 20;
const TAB_KEY = { new: 'tabNew', handled: 'tabHandled', all: 'tabAll' } as const satisfies Record<InboxTab, string>;

/** A time in the back office: the interface language's format, in the staff member's own zone. */
function useStaffTime() {
  const format = useFormatTime();
  return (iso: string) => format(iso);
}

/**
 * A member's feedback as the plain text it is: line breaks kept, markup shown as typed (React
 * escapes it; never HTML). A long one shows its start with "show all".
 */
function FeedbackText({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation('feedbackAdmin');
  const [open, setOpen] = useState(false);
  const clip = useMemo(() => clipText(item.tufb_content), [item.tufb_content]);
  const id = `feedback-text-${item.tufb_id}`;
  return (
    <div className="feedback-inbox__content">
      <div id={id} className="feedback-inbox__text" data-testid={id}>
        {open || !clip.clipped ? item.tufb_content : clip.text}
      </div>
      {clip.clipped ? (
        <Button
          type="link"
          size="small"
          className="feedback-inbox__expand"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('collapse') : t('expand')}
        </Button>
      ) : null}
    </div>
  );
}

function StatusTag({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation('feedbackAdmin');
  const handled = item.tufb_status === FEEDBACK_STATUS.handled;
  return (
    <Tag color={handled ? 'success' : 'warning'} data-testid={`feedback-status-${item.tufb_id}`}>
      {handled ? t('statusHandled') : t('statusNew')}
    </Tag>
  );
}

interface HandleValues {
  tufb_status: number;
  tufb_note: string;
}

const handleBody = (item: FeedbackItem, v: Partial<HandleValues>) => ({
  tufb_id: item.tufb_id,
  tufb_status: v.tufb_status,
  tufb_note: v.tufb_note ?? '',
});

/**
 * Marks one feedback handled (or new again) with the staff's note, checked by the call's own rule
 * (at most 500 characters). The server's msg is the success toast; its refusal stays on screen.
 */
function HandleModal({ item, onClose }: { item: FeedbackItem; onClose: () => void }) {
  const { t } = useTranslation('feedbackAdmin');
  const time = useStaffTime();
  const handle = useCallMutation(adminFeedbackHandle, { invalidates: [adminFeedbackList, adminDashboard] });
  const { form, rule, showServerIssues } = useContractForm<HandleValues>((v) =>
    fieldIssues(adminFeedbackHandle.body, handleBody(item, v)),
  );
  const initial: HandleValues = {
    // Opening a new one is about to handle it; opening a handled one edits its note.
    tufb_status: FEEDBACK_STATUS.handled,
    tufb_note: item.tufb_note,
  };

  const submit = async () => {
    if (handle.isPending) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const parsed = adminFeedbackHandle.body.safeParse(handleBody(item, form.getFieldsValue(true) as HandleValues));
    if (!parsed.success) return;
    try {
      await handle.mutateAsync(parsed.data);
      onClose();
    } catch (err) {
      showServerIssues((err as { envelope?: Parameters<typeof showServerIssues>[0] }).envelope, [
        'tufb_status',
        'tufb_note',
      ]);
    }
  };

  return (
    <Modal
      open
      title={t('modalTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={handle.isPending}
      maskClosable={!handle.isPending}
      destroyOnHidden
    >
      <p className="feedback-inbox__from">
        {t('modalFrom', { name: item.user.user_nick_name, time: time(item.create_time) })}
      </p>
      <div className="feedback-inbox__text feedback-inbox__quote" data-testid="feedback-handle-content">
        {item.tufb_content}
      </div>
      <Form<HandleValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={() => void submit()}
        data-testid="feedback-handle-form"
      >
        <Form.Item name="tufb_status" label={t('statusLabel')} rules={[rule('tufb_status')]}>
          <Radio.Group
            optionType="button"
            options={[
              { value: FEEDBACK_STATUS.handled, label: t('markHandled') },
              { value: FEEDBACK_STATUS.new, label: t('markNew') },
            ]}
          />
        </Form.Item>
        <Form.Item name="tufb_note" label={t('noteLabel')} rules={[rule('tufb_note')]}>
          <Input.TextArea
            rows={4}
            showCount
            maxLength={FEEDBACK_RULE.noteMax}
            placeholder={t('notePlaceholder')}
            data-testid="feedback-handle-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The feedback inbox (/admin/feedback): status tabs with the managed site's counts, a keyword
 * search, the feedback newest first with "load more", and a dialog to mark one handled with a note
 * (or new again). The tab and the keyword live in the URL beside `?site=`.
 */
export function FeedbackInbox() {
  const { t } = useTranslation('feedbackAdmin');
  const time = useStaffTime();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromSearch(params), [params]);
  const [keyword, setKeyword] = useState(view.keyword);
  const [handling, setHandling] = useState<FeedbackItem | null>(null);

  // The search box follows the URL (back/forward, a shared link).
  useEffect(() => setKeyword(view.keyword), [view.keyword]);

  const query = useCallPages(adminFeedbackList, listBody(view, PAGE_SIZE));
  const rows = query.data?.pages.flatMap((page) => page.list) ?? [];
  // The counts of the last answer stay on the tabs while another tab loads.
  const [counts, setCounts] = useState<{ new: number; handled: number } | null>(null);
  const answered = query.data?.pages[0]?.counts;
  useEffect(() => {
    if (answered) setCounts(answered);
  }, [answered]);

  const show = (next: Partial<typeof view>) => setParams(searchWithView(params, { ...view, ...next }));

  const countOf = (tab: InboxTab) => (counts ? (tab === 'all' ? counts.new + counts.handled : counts[tab]) : undefined);

  const emptyText = view.keyword
    ? t('emptyFiltered')
    : view.tab === 'new'
      ? t('emptyNew')
      : view.tab === 'handled'
        ? t('emptyFiltered')
        : t('empty');

  const columns: ColumnsType<FeedbackItem> = [
    {
      key: 'sender',
      title: t('colSender'),
      width: 200,
      render: (_, item) => (
        <div className="feedback-inbox__sender">
          <Avatar user={item.user} size={32} />
          <div>
            <div className="feedback-inbox__nick">{item.user.user_nick_name}</div>
            <div className="admin-muted">{t('memberId', { id: item.user.user_id })}</div>
            {item.user_contact_email || item.user_contact_mobile ? (
              <dl className="feedback-inbox__contact">
                {item.user_contact_email ? (
                  <>
                    <dt>{t('contactEmail')}</dt>
                    <dd>{item.user_contact_email}</dd>
                  </>
                ) : null}
                {item.user_contact_mobile ? (
                  <>
                    <dt>{t('contactMobile')}</dt>
                    <dd>{item.user_contact_mobile}</dd>
                  </>
                ) : null}
              </dl>
            ) : (
              <div className="admin-muted">{t('noContact')}</div>
            )}
          </div>
        </div>
      ),
    },
    { key: 'content', title: t('colContent'), render: (_, item) => <FeedbackText item={item} /> },
    {
      key: 'time',
      title: t('colTime'),
      width: 140,
      render: (_, item) => (
        <time dateTime={item.create_time} title={item.create_time}>
          {time(item.create_time)}
        </time>
      ),
    },
    { key: 'status', title: t('colStatus'), width: 88, render: (_, item) => <StatusTag item={item} /> },
    {
      key: 'handler',
      title: t('colHandler'),
      width: 130,
      render: (_, item) =>
        item.tufb_status === FEEDBACK_STATUS.handled ? (
          <div data-testid={`feedback-handler-${item.tufb_id}`}>
            <div>{item.handler_nick_name ?? t('noHandler')}</div>
            {item.handled_time ? (
              <time className="admin-muted" dateTime={item.handled_time} title={item.handled_time}>
                {t('handledAt', { time: time(item.handled_time) })}
              </time>
            ) : null}
          </div>
        ) : (
          <span className="admin-muted">{t('noHandler')}</span>
        ),
    },
    {
      key: 'note',
      title: t('colNote'),
      width: 180,
      render: (_, item) =>
        item.tufb_note ? (
          <div className="feedback-inbox__text" data-testid={`feedback-note-${item.tufb_id}`}>
            {item.tufb_note}
          </div>
        ) : (
          <span className="admin-muted">{t('noNote')}</span>
        ),
    },
    {
      key: 'actions',
      title: t('colActions'),
      width: 80,
      render: (_, item) => (
        <Button type="link" onClick={() => setHandling(item)} data-testid={`feedback-handle-${item.tufb_id}`}>
          {item.tufb_status === FEEDBACK_STATUS.handled ? t('editHandling') : t('handle')}
        </Button>
      ),
    },
  ];

  return (
    <div className="feedback-inbox" data-testid="admin-feedback">
      <p className="admin-lead">{t('inboxLead')}</p>
      <div className="feedback-inbox__toolbar">
        <Tabs
          activeKey={view.tab}
          onChange={(tab) => show({ tab: tab as InboxTab })}
          items={INBOX_TABS.map((tab) => {
            const count = countOf(tab);
            return {
              key: tab,
              label: (
                <span data-testid={`feedback-tab-${tab}`}>
                  {t(TAB_KEY[tab])}
                  {count === undefined ? null : <span className="feedback-inbox__count"> {count}</span>}
                </span>
              ),
            };
          })}
        />
        <Input.Search
          allowClear
          value={keyword}
          maxLength={FEEDBACK_RULE.keywordMax}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => show({ keyword: value.trim() })}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          className="feedback-inbox__search"
          data-testid="feedback-search"
        />
      </div>

      {query.isError && !rows.length ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <>
          <div className="admin-table-wrap">
            <Table<FeedbackItem>
              rowKey="tufb_id"
              columns={columns}
              dataSource={rows}
              loading={query.isPending}
              pagination={false}
              size="middle"
              tableLayout="fixed"
              className="feedback-inbox__table"
              locale={{ emptyText }}
              data-testid="feedback-table"
            />
          </div>
          <LoadMore query={query} shown={rows.length} testId="feedback-more" />
        </>
      )}
      {handling ? <HandleModal item={handling} onClose={() => setHandling(null)} /> : null}
    </div>
  );
}
