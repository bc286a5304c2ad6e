import { useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { adminDashboard } from '@portal/contracts/admin';
import {
  adminReviewDecide,
  adminReviewInfo,
  adminReviewList,
  REVIEW_KINDS,
  REVIEW_RULE,
  REVIEW_STATUS,
  REVIEW_STATUSES,
  type ReviewItem,
} from '@portal/contracts/reviews';
import { fieldIssues } from '~/lib/forms/form-issues';
import { useContractForm } from '~/lib/forms/use-contract-form';
import { useCall, useCallMutation, useCallPages } from '~/lib/query/use-call';
import { LoadMore } from '~/components/admin/LoadMore';
import { useFormatTime } from '~/lib/format';
import { toast } from '~/lib/toast';
import { AGE_FILTERS, ageBody, type AgeFilter } from './review-filters';

const PAGE_SIZE = 20;

const STATUS_COLOR: Record<number, string> = {
  [REVIEW_STATUS.pending]: 'processing',
  [REVIEW_STATUS.approved]: 'success',
  [REVIEW_STATUS.rejected]: 'error',
  [REVIEW_STATUS.withdrawn]: 'default',
};

function useStaffTime() {
  const format = useFormatTime();
  return (iso: string) => format(iso);
}

export function ReviewStatusTag({ status, testId }: { status: number; testId?: string }) {
  const { t } = useTranslation('reviews');
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} data-testid={testId}>
      {t(`status.${status}`)}
    </Tag>
  );
}

type Decide = (ids: number[], decision: 'approve' | 'reject', reason?: string) => Promise<boolean>;

/**
 * Decides items and says what happened: the server's msg as the success toast, and a warning naming
 * the items this call did not decide (someone else decided them first, or the author withdrew).
 * When none was decided the request client has already shown the server's refusal.
 */
function useDecide(): { decide: Decide; pending: boolean } {
  const { t } = useTranslation('reviewsAdmin');
  const call = useCallMutation(adminReviewDecide, { invalidates: [adminReviewList, adminReviewInfo, adminDashboard] });
  const decide: Decide = async (ids, decision, reason) => {
    try {
      const answer = await call.mutateAsync({ ids, decision, ...(reason === undefined ? {} : { reason }) });
      const missed = answer.results.filter((r) => !r.ok);
      if (missed.length) {
        toast.warning(`${t('notDecided', { count: missed.length })} ${missed.map((r) => r.msg).join('; ')}`);
      }
      return true;
    } catch {
      return false;
    }
  };
  return { decide, pending: call.isPending };
}

/** A rejection's issues, by the decide call's own schema (the ids are the modal's caller's). */
const rejectIssues = (values: Partial<{ reason: string }>) =>
  fieldIssues(adminReviewDecide.body, { ids: [1], decision: 'reject', reason: values.reason ?? '' });

/** The reason of a rejection, 1 to 500 characters, as the call's own rule says. */
function RejectModal({
  count,
  onReject,
  onClose,
}: {
  count: number;
  onReject: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('reviewsAdmin');
  const { form, rule } = useContractForm<{ reason: string }>(rejectIssues);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let values: { reason: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    const done = await onReject(values.reason.trim());
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal
      open
      title={t('rejectTitle', { count })}
      okText={t('confirmReject')}
      okButtonProps={{ danger: true, id: 'review-reject-confirm' }}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item name="reason" label={t('reasonLabel')} required rules={[rule('reason')]}>
          <Input.TextArea
            rows={4}
            showCount
            maxLength={REVIEW_RULE.reasonMax}
            placeholder={t('reasonPlaceholder')}
            data-testid="review-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One item as members will see it: title, facts, the sanitised HTML, attachments. */
function ReviewDrawer({
  reviewId,
  onClose,
  onDecide,
}: {
  reviewId: number;
  onClose: () => void;
  onDecide: (item: ReviewItem, decision: 'approve' | 'reject') => void;
}) {
  const { t } = useTranslation('reviewsAdmin');
  const time = useStaffTime();
  const query = useCall(adminReviewInfo, { review_id: reviewId });
  const item = query.data;
  const pending = item?.status === REVIEW_STATUS.pending;
  return (
    <Drawer
      open
      size="large"
      title={t('drawerTitle')}
      onClose={onClose}
      destroyOnHidden
      data-testid="review-drawer"
      extra={
        item && pending ? (
          <Space>
            <Button danger onClick={() => onDecide(item, 'reject')} data-testid="review-drawer-reject">
              {t('reject')}
            </Button>
            <Button type="primary" onClick={() => onDecide(item, 'approve')} data-testid="review-drawer-approve">
              {t('approve')}
            </Button>
          </Space>
        ) : null
      }
    >
      {query.isError ? (
        <Result status="warning" title={t('loadFailed')} />
      ) : !item ? (
        <Skeleton active />
      ) : (
        <article className="review-item">
          <h2 className="review-item__title" data-testid="review-drawer-title">
            {item.content.title}
          </h2>
          <p className="admin-muted">
            {t('submittedBy', { nick: item.author.user_nick_name, time: time(item.submit_time) })}{' '}
            <ReviewStatusTag status={item.status} />
          </p>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'site', label: t('site'), children: item.content.site_name },
              ...item.content.facts.map((f, i) => ({ key: `f${i}`, label: f.label, children: f.value })),
            ]}
          />
          {item.reason ? <p className="review-item__reason">{t('reasonShown', { reason: item.reason })}</p> : null}
          <div
            className="portal-rich-text review-item__content"
            data-testid="review-drawer-content"
            // The server's sanitised HTML, as members will see it: the only way rich text is shown.
            dangerouslySetInnerHTML={{ __html: item.content.html }}
          />
          {item.content.attachments.length ? (
            <section className="review-item__annex">
              <h3>{t('attachments')}</h3>
              <ul>
                {item.content.attachments.map((a) => (
                  <li key={a.att_id}>
                    <a href={a.att_url} target="_blank" rel="noopener noreferrer">
                      {a.att_title}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <p>
            <a href={item.preview_url} target="_blank" rel="noopener noreferrer">
              {t('openPreview')}
            </a>
          </p>
        </article>
      )}
    </Drawer>
  );
}

/**
 * The review queue (/admin/reviews): the managed site's items by kind, status (pending first) and
 * age; select some for a bulk approve or reject, or open one to read it as members will see it.
 * Each decision refreshes the list; an item someone else decided first is named in a warning.
 */
export function ReviewQueue() {
  const { t } = useTranslation('reviewsAdmin');
  const { t: tr } = useTranslation('reviews');
  const time = useStaffTime();
  const [kind, setKind] = useState<string>('');
  const [status, setStatus] = useState<number>(REVIEW_STATUS.pending);
  const [age, setAge] = useState<AgeFilter>('all');
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const { decide, pending: deciding } = useDecide();

  const body = {
    status,
    page_size: PAGE_SIZE,
    ...(kind ? { kind: kind as (typeof REVIEW_KINDS)[number] } : {}),
    ...ageBody(age),
  };
  const query = useCallPages(adminReviewList, body);
  const rows = query.data?.pages.flatMap((page) => page.list) ?? [];
  const isPendingView = status === REVIEW_STATUS.pending;

  const approve = async (ids: number[]) => {
    if (await decide(ids, 'approve')) {
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      if (opened !== null && ids.includes(opened)) setOpened(null);
    }
  };
  const reject = async (ids: number[], reason: string) => {
    const done = await decide(ids, 'reject', reason);
    if (done) {
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      if (opened !== null && ids.includes(opened)) setOpened(null);
    }
    return done;
  };

  const columns: ColumnsType<ReviewItem> = [
    {
      key: 'title',
      title: t('colTitle'),
      render: (_, item) => (
        <Button
          type="link"
          className="review-queue__title"
          onClick={() => setOpened(item.review_id)}
          data-testid={`review-open-${item.review_id}`}
        >
          {item.title}
        </Button>
      ),
    },
    { key: 'kind', title: t('colKind'), width: 90, render: (_, item) => t(`kinds.${item.kind}`) },
    { key: 'author', title: t('colAuthor'), width: 150, render: (_, item) => item.author.user_nick_name },
    {
      key: 'submitted',
      title: t('colSubmitted'),
      width: 150,
      render: (_, item) => (
        <time dateTime={item.submit_time} title={item.submit_time}>
          {time(item.submit_time)}
        </time>
      ),
    },
    {
      key: 'status',
      title: t('colStatus'),
      width: 100,
      render: (_, item) => <ReviewStatusTag status={item.status} testId={`review-status-${item.review_id}`} />,
    },
    ...(isPendingView
      ? []
      : [
          {
            key: 'decision',
            title: t('colDecision'),
            width: 220,
            render: (_: unknown, item: ReviewItem) => (
              <div>
                {item.decide_time ? (
                  <div className="admin-muted">
                    {t('decidedBy', { nick: item.decider_nick_name ?? '—', time: time(item.decide_time) })}
                  </div>
                ) : null}
                {item.reason ? <div>{t('reasonShown', { reason: item.reason })}</div> : null}
              </div>
            ),
          },
        ]),
    {
      key: 'actions',
      title: t('colActions'),
      width: 170,
      render: (_, item) => (
        <Space size={0}>
          <Button type="link" onClick={() => setOpened(item.review_id)}>
            {t('open')}
          </Button>
          {item.status === REVIEW_STATUS.pending ? (
            <>
              <Button
                type="link"
                disabled={deciding}
                onClick={() => void approve([item.review_id])}
                data-testid={`review-approve-${item.review_id}`}
              >
                {t('approve')}
              </Button>
              <Button
                type="link"
                danger
                onClick={() => setRejecting([item.review_id])}
                data-testid={`review-reject-${item.review_id}`}
              >
                {t('reject')}
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="review-queue" data-testid="admin-reviews">
      <p className="admin-lead">{t('queueLead')}</p>
      <div className="review-queue__toolbar">
        <Space wrap>
          <Select
            aria-label={t('kindLabel')}
            value={kind}
            onChange={(v) => setKind(v)}
            className="review-queue__select"
            options={[
              { value: '', label: t('kindAll') },
              ...REVIEW_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
            ]}
            data-testid="review-filter-kind"
          />
          <Select
            aria-label={t('statusLabel')}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setSelected([]);
            }}
            className="review-queue__select"
            options={REVIEW_STATUSES.map((s) => ({ value: s, label: tr(`status.${s}`) }))}
            data-testid="review-filter-status"
          />
          <Select
            aria-label={t('ageLabel')}
            value={age}
            onChange={(v) => setAge(v)}
            className="review-queue__select"
            options={AGE_FILTERS.map((a) => ({ value: a.value, label: t(a.labelKey) }))}
            data-testid="review-filter-age"
          />
        </Space>
        <Space wrap>
          {isPendingView ? (
            <>
              <Popconfirm
                title={t('approveConfirm', { count: selected.length })}
                okText={t('approve')}
                cancelText={t('cancel')}
                onConfirm={() => approve(selected)}
                disabled={!selected.length}
              >
                <Button type="primary" disabled={!selected.length || deciding} data-testid="review-bulk-approve">
                  {t('approveSelected', { count: selected.length })}
                </Button>
              </Popconfirm>
              <Button
                danger
                disabled={!selected.length || deciding}
                onClick={() => setRejecting(selected)}
                data-testid="review-bulk-reject"
              >
                {t('rejectSelected', { count: selected.length })}
              </Button>
            </>
          ) : null}
          <Button onClick={() => void query.refetch()} data-testid="review-refresh">
            {t('refresh')}
          </Button>
        </Space>
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
            <Table<ReviewItem>
              rowKey="review_id"
              columns={columns}
              dataSource={rows}
              loading={query.isPending}
              pagination={false}
              size="middle"
              tableLayout="fixed"
              className="review-queue__table"
              rowSelection={
                isPendingView
                  ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
                  : undefined
              }
              locale={{ emptyText: isPendingView && !kind && age === 'all' ? t('empty') : t('emptyFiltered') }}
              data-testid="review-table"
            />
          </div>
          <LoadMore query={query} shown={rows.length} testId="review-more" />
        </>
      )}
      {opened !== null ? (
        <ReviewDrawer
          reviewId={opened}
          onClose={() => setOpened(null)}
          onDecide={(item, decision) =>
            decision === 'approve' ? void approve([item.review_id]) : setRejecting([item.review_id])
          }
        />
      ) : null}
      {rejecting ? (
        <RejectModal
          count={rejecting.length}
          onReject={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </div>
  );
}
