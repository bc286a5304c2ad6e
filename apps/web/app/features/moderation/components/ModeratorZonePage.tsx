import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import { Tabs } from '~/components/Tabs';
import Tag from 'antd/es/tag';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import {
  moderationDeleteComment,
  moderationHandleReport,
  POST_FLAGS,
  REPORT_RULE,
  REPORT_STATUS,
  type ModeratedBoard,
  type ModeratedPost,
  type PostFlag,
  type ReportItem,
  type ReportStatus,
} from '@portal/contracts/moderation';
import { DateTime } from '~/components/DateTime';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import {
  useRefreshAfterModeration,
  useZonePosts,
  useZoneReports,
  type PostFilters,
  type ReportFilters,
} from '../api/moderation-queries';
import { fromModeratedPost, ModeratorActions } from './ModeratorActions';
import './moderation.css';

const postHref = (prefix: string, post: { tp_id: number }, preview: boolean) =>
  `/${prefix}/discuss/info/${post.tp_id}${preview ? '/1' : ''}`;

/** "Load more" while the server has another page, "no more" once a non-empty list is complete. */
function More({
  query,
  shown,
  testId,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  shown: number;
  testId: string;
}) {
  const { t } = useTranslation('moderation');
  return (
    <div className="moderation-more">
      {query.hasNextPage ? (
        <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid={testId}>
          {t('ui.loadMore')}
        </Button>
      ) : shown > 0 ? (
        <span className="moderation-muted">{t('ui.noMore')}</span>
      ) : null}
    </div>
  );
}

function BoardSelect({
  boards,
  value,
  onChange,
  testId,
}: {
  boards: ModeratedBoard[];
  value: number | null;
  onChange(v: number | null): void;
  testId: string;
}) {
  const { t } = useTranslation('moderation');
  return (
    <Select<number>
      className="moderation-filter__board"
      value={value ?? 0}
      onChange={(v) => onChange(v === 0 ? null : v)}
      options={[
        { value: 0, label: t('ui.allBoards') },
        ...boards.map((b) => ({ value: b.board_id, label: b.board_name })),
      ]}
      aria-label={t('ui.colBoard')}
      data-testid={testId}
    />
  );
}

function PostFlags({ post }: { post: ModeratedPost }) {
  const { t } = useTranslation('moderation');
  const status =
    post.tp_status === REVIEW_STATUS.pending
      ? t('ui.statusPending')
      : post.tp_status === REVIEW_STATUS.rejected
        ? t('ui.statusRejected')
        : post.tp_status === REVIEW_STATUS.withdrawn
          ? t('ui.statusWithdrawn')
          : null;
  return (
    <span className="moderation-flags" data-testid={`zone-flags-${post.tp_id}`}>
      {status && <Tag>{status}</Tag>}
      {post.hidden && <Tag color="red">{t('ui.flag_hidden')}</Tag>}
      {post.pinned && <Tag color="blue">{t('ui.flag_pinned')}</Tag>}
      {post.featured && <Tag color="gold">{t('ui.flag_featured')}</Tag>}
      {post.locked && <Tag color="default">{t('ui.flag_locked')}</Tag>}
    </span>
  );
}

function PostsTab({ boards }: { boards: ModeratedBoard[] }) {
  const { t } = useTranslation('moderation');
  const { site } = useShell();
  const [filters, setFilters] = useState<PostFilters>({ board: null, flag: null, reported: false });
  const query = useZonePosts(site, filters);
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <div className="moderation-tab">
      <div className="moderation-filter">
        <BoardSelect
          boards={boards}
          value={filters.board}
          onChange={(board) => setFilters({ ...filters, board })}
          testId="zone-posts-board"
        />
        <Select<string>
          className="moderation-filter__flag"
          value={filters.flag ?? ''}
          onChange={(v) => setFilters({ ...filters, flag: v === '' ? null : (v as PostFlag) })}
          options={[
            { value: '', label: t('ui.allFlags') },
            ...POST_FLAGS.map((f) => ({ value: f, label: t(`ui.flag_${f}`) })),
          ]}
          aria-label={t('ui.colFlags')}
          data-testid="zone-posts-flag"
        />
        <Checkbox
          checked={filters.reported}
          onChange={(e) => setFilters({ ...filters, reported: e.target.checked })}
          data-testid="zone-posts-reported"
        >
          {t('ui.onlyReported')}
        </Checkbox>
      </div>
      <Table<ModeratedPost>
        rowKey="tp_id"
        dataSource={rows}
        loading={query.isLoading}
        pagination={false}
        locale={{ emptyText: <Empty description={t('ui.empty')} /> }}
        onRow={(post) => ({ 'data-testid': `zone-post-${post.tp_id}` }) as never}
        columns={[
          {
            key: 'title',
            title: t('ui.colTitle'),
            render: (_, post) => (
              <Link
                to={postHref(site.prefix, post, post.hidden || post.tp_status !== REVIEW_STATUS.approved)}
                className="moderation-title"
              >
                {post.tp_title}
              </Link>
            ),
          },
          {
            key: 'board',
            title: t('ui.colBoard'),
            width: 140,
            render: (_, post) => post.board_name || t('ui.noBoard'),
          },
          { key: 'author', title: t('ui.colAuthor'), width: 140, render: (_, post) => post.author.user_nick_name },
          { key: 'flags', title: t('ui.colFlags'), width: 180, render: (_, post) => <PostFlags post={post} /> },
          {
            key: 'reports',
            title: t('ui.colReports'),
            width: 110,
            align: 'center',
            render: (_, post) =>
              post.open_reports > 0 ? (
                <Tag color="volcano">{post.open_reports}</Tag>
              ) : (
                <span className="moderation-muted">0</span>
              ),
          },
          {
            key: 'time',
            title: t('ui.colTime'),
            width: 120,
            render: (_, post) => <DateTime iso={post.create_time} />,
          },
          {
            key: 'actions',
            title: t('ui.colActions'),
            width: 100,
            render: (_, post) => <ModeratorActions post={fromModeratedPost(post)} size="small" />,
          },
        ]}
      />
      <More query={query} shown={rows.length} testId="zone-posts-more" />
    </div>
  );
}

/** How a moderator closes a report. */
type ReportClosing = typeof REPORT_STATUS.handled | typeof REPORT_STATUS.dismissed;

/** Closing a report as handled or dismissed, with an optional note for the other moderators. */
function CloseReportDialog({
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

function DeleteCommentDialog({ report, onClose }: { report: ReportItem; onClose(): void }) {
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

function ReportCard({ report }: { report: ReportItem }) {
  const { t } = useTranslation('moderation');
  const { site } = useShell();
  const [closing, setClosing] = useState<ReportClosing | null>(null);
  const [deleting, setDeleting] = useState(false);
  const open = report.status === REPORT_STATUS.open;
  return (
    <li className="moderation-report" data-testid={`zone-report-${report.report_id}`}>
      <div className="moderation-report__head">
        <Tag color={report.target_kind === 'comment' ? 'purple' : 'blue'}>{t(`ui.target_${report.target_kind}`)}</Tag>
        <Link to={postHref(site.prefix, report, false)} className="moderation-title">
          {report.tp_title}
        </Link>
        <span className="moderation-muted">{report.board_name || t('ui.noBoard')}</span>
        <span className="moderation-muted moderation-report__time">
          <DateTime iso={report.create_time} />
        </span>
      </div>
      <blockquote className="moderation-report__content">
        <span className="moderation-muted">{t('ui.contentBy', { nick: report.content_author.user_nick_name })}</span>
        {report.content_deleted && <span className="moderation-muted"> {t('ui.contentDeleted')}</span>}
        <p>{report.content_text}</p>
      </blockquote>
      <p className="moderation-report__reason">
        <strong>{t('ui.reportReason')}：</strong>
        <span data-testid="zone-report-reason">{report.reason}</span>
      </p>
      <div className="moderation-report__foot">
        <span className="moderation-muted">{t('ui.reportedBy', { nick: report.reporter.user_nick_name })}</span>
        {!open && report.handler_nick_name && report.handled_time && (
          <span className="moderation-muted">
            {t('ui.handledBy', { nick: report.handler_nick_name })}
            <DateTime iso={report.handled_time} />
          </span>
        )}
        {!open && report.note && <span className="moderation-muted">{report.note}</span>}
        {open && (
          <span className="moderation-report__actions">
            {report.target_kind === 'comment' && !report.content_deleted && (
              <Button size="small" danger onClick={() => setDeleting(true)} data-testid="zone-report-delete-comment">
                {t('ui.deleteComment')}
              </Button>
            )}
            <Button
              size="small"
              type="primary"
              onClick={() => setClosing(REPORT_STATUS.handled)}
              data-testid="zone-report-handle"
            >
              {t('ui.handle')}
            </Button>
            <Button size="small" onClick={() => setClosing(REPORT_STATUS.dismissed)} data-testid="zone-report-dismiss">
              {t('ui.dismiss')}
            </Button>
          </span>
        )}
      </div>
      {closing && <CloseReportDialog report={report} status={closing} onClose={() => setClosing(null)} />}
      {deleting && <DeleteCommentDialog report={report} onClose={() => setDeleting(false)} />}
    </li>
  );
}

function ReportsTab({ boards }: { boards: ModeratedBoard[] }) {
  const { t } = useTranslation('moderation');
  const { site } = useShell();
  const [filters, setFilters] = useState<ReportFilters>({ board: null, status: REPORT_STATUS.open });
  const query = useZoneReports(site, filters);
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const statuses = [REPORT_STATUS.open, REPORT_STATUS.handled, REPORT_STATUS.dismissed] as const;

  return (
    <div className="moderation-tab">
      <div className="moderation-filter">
        <BoardSelect
          boards={boards}
          value={filters.board}
          onChange={(board) => setFilters({ ...filters, board })}
          testId="zone-reports-board"
        />
        <Segmented<ReportStatus>
          value={filters.status}
          onChange={(status) => setFilters({ ...filters, status })}
          options={statuses.map((s) => ({ value: s, label: t(`ui.reportStatus_${s}`) }))}
          data-testid="zone-reports-status"
        />
      </div>
      {rows.length === 0 && !query.isLoading ? (
        <Empty description={t('ui.empty')} />
      ) : (
        <ul className="moderation-reports">
          {rows.map((report) => (
            <ReportCard key={report.report_id} report={report} />
          ))}
        </ul>
      )}
      <More query={query} shown={rows.length} testId="zone-reports-more" />
    </div>
  );
}

/**
 * The moderator zone (`/{lang}/discuss/moderatorzone`): the posts of the boards I moderate, hidden
 * ones included, with their flags and open reports, and the reports of those boards. Admins see
 * every board of the site. Only for moderators; the route sends others away.
 */
export function ModeratorZonePage({ boards, allBoards }: { boards: ModeratedBoard[]; allBoards: boolean }) {
  const { t } = useTranslation('moderation');
  const [tab, setTab] = useState('posts');
  return (
    <div className="moderation-page" data-testid="moderator-zone">
      <header className="moderation-head">
        <h1>{t('ui.zoneTitle')}</h1>
        <p className="moderation-muted">
          {allBoards ? t('ui.zoneLeadAll') : t('ui.zoneLead', { boards: boards.map((b) => b.board_name).join(' · ') })}
        </p>
      </header>
      <section className="moderation-body">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            {
              key: 'posts',
              label: <span data-testid="zone-tab-posts">{t('ui.tabPosts')}</span>,
              children: <PostsTab boards={boards} />,
            },
            {
              key: 'reports',
              label: <span data-testid="zone-tab-reports">{t('ui.tabReports')}</span>,
              children: <ReportsTab boards={boards} />,
            },
          ]}
        />
      </section>
    </div>
  );
}
