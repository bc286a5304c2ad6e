import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import {
  POST_FLAGS,
  REPORT_STATUS,
  type ModeratedBoard,
  type ModeratedPost,
  type PostFlag,
  type ReportItem,
  type ReportStatus,
} from '@portal/contracts/moderation';
import { DateTime } from '~/components/DateTime';
import { RadioButtons } from '~/components/form/RadioButtons';
import { PortalButton } from '~/components/PortalButton';
import { Tabs } from '~/components/Tabs';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { useZonePosts, useZoneReports, type PostFilters, type ReportFilters } from '../api/moderation-queries';
import { fromModeratedPost } from './moderator-post';
import type { ReportClosing } from './ReportDialogs';
import './moderation.css';

// What only a press opens is loaded on demand, not with the page (issue 16: JavaScript at start): the
// row's moderation menu (antd's dropdown and the action dialogs, as on the post page) and the
// report dialogs. The rows come from the browser's own query, so the menu's chunk is asked for as
// the zone mounts, and a row shows the menu's button, inert, until it is there.
const loadActions = () => import('./ModeratorActions');
const ModeratorActions = lazy(() => loadActions().then((m) => ({ default: m.ModeratorActions })));
const CloseReportDialog = lazy(() => import('./ReportDialogs').then((m) => ({ default: m.CloseReportDialog })));
const DeleteCommentDialog = lazy(() => import('./ReportDialogs').then((m) => ({ default: m.DeleteCommentDialog })));

const postHref = (prefix: string, post: { tp_id: number }, preview: boolean) =>
  `/${prefix}/discuss/info/${post.tp_id}${preview ? '/1' : ''}`;

/** A small coloured label (a post's flag, a report's kind). */
function Tag({
  tone = 'default',
  children,
}: {
  tone?: 'default' | 'red' | 'blue' | 'gold' | 'volcano' | 'purple';
  children: ReactNode;
}) {
  return <span className={`portal-tag portal-tag--${tone}`}>{children}</span>;
}

/** What an empty list says. */
function Empty() {
  const { t } = useTranslation('moderation');
  return <p className="moderation-empty">{t('ui.empty')}</p>;
}

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
        <PortalButton
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          data-testid={testId}
        >
          {t('ui.loadMore')}
        </PortalButton>
      ) : shown > 0 ? (
        <span className="moderation-muted">{t('ui.noMore')}</span>
      ) : null}
    </div>
  );
}

/** A filter of the lists: the browser's own select, drawn like the portal's fields. */
function FilterSelect<V extends string | number>({
  value,
  onChange,
  options,
  label,
  testId,
}: {
  value: V;
  onChange(value: V): void;
  options: ReadonlyArray<{ value: V; label: string }>;
  label: string;
  testId: string;
}) {
  return (
    <select
      className="portal-input portal-select moderation-filter__select"
      value={String(value)}
      onChange={(event) => {
        const chosen = options.find((option) => String(option.value) === event.target.value);
        if (chosen) onChange(chosen.value);
      }}
      aria-label={label}
      data-testid={testId}
    >
      {options.map((option) => (
        <option key={option.value} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
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
    <FilterSelect<number>
      value={value ?? 0}
      onChange={(v) => onChange(v === 0 ? null : v)}
      options={[
        { value: 0, label: t('ui.allBoards') },
        ...boards.map((b) => ({ value: b.board_id, label: b.board_name })),
      ]}
      label={t('ui.colBoard')}
      testId={testId}
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
      {post.hidden && <Tag tone="red">{t('ui.flag_hidden')}</Tag>}
      {post.pinned && <Tag tone="blue">{t('ui.flag_pinned')}</Tag>}
      {post.featured && <Tag tone="gold">{t('ui.flag_featured')}</Tag>}
      {post.locked && <Tag>{t('ui.flag_locked')}</Tag>}
    </span>
  );
}

function PostRow({ post }: { post: ModeratedPost }) {
  const { t } = useTranslation('moderation');
  const { site } = useShell();
  return (
    <tr data-testid={`zone-post-${post.tp_id}`}>
      <td>
        <Link
          to={postHref(site.prefix, post, post.hidden || post.tp_status !== REVIEW_STATUS.approved)}
          className="moderation-title"
        >
          {post.tp_title}
        </Link>
      </td>
      <td>{post.board_name || t('ui.noBoard')}</td>
      <td>{post.author.user_nick_name}</td>
      <td>
        <PostFlags post={post} />
      </td>
      <td className="moderation-table__center">
        {post.open_reports > 0 ? (
          <Tag tone="volcano">{post.open_reports}</Tag>
        ) : (
          <span className="moderation-muted">0</span>
        )}
      </td>
      <td>
        <DateTime iso={post.create_time} />
      </td>
      <td>
        <Suspense
          fallback={
            <PortalButton className="moderation-small-button" disabled>
              {t('ui.moderate')}
            </PortalButton>
          }
        >
          <ModeratorActions post={fromModeratedPost(post)} size="small" />
        </Suspense>
      </td>
    </tr>
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
        <FilterSelect<string>
          value={filters.flag ?? ''}
          onChange={(v) => setFilters({ ...filters, flag: v === '' ? null : (v as PostFlag) })}
          options={[
            { value: '', label: t('ui.allFlags') },
            ...POST_FLAGS.map((f) => ({ value: f, label: t(`ui.flag_${f}`) })),
          ]}
          label={t('ui.colFlags')}
          testId="zone-posts-flag"
        />
        <label className="portal-checkbox">
          <input
            type="checkbox"
            checked={filters.reported}
            onChange={(event) => setFilters({ ...filters, reported: event.target.checked })}
            data-testid="zone-posts-reported"
          />
          <span>{t('ui.onlyReported')}</span>
        </label>
      </div>
      <div className="moderation-table__wrap">
        <table className="moderation-table" aria-busy={query.isLoading || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('ui.colTitle')}</th>
              <th scope="col" className="moderation-table__board">
                {t('ui.colBoard')}
              </th>
              <th scope="col" className="moderation-table__author">
                {t('ui.colAuthor')}
              </th>
              <th scope="col" className="moderation-table__flags">
                {t('ui.colFlags')}
              </th>
              <th scope="col" className="moderation-table__reports moderation-table__center">
                {t('ui.colReports')}
              </th>
              <th scope="col" className="moderation-table__time">
                {t('ui.colTime')}
              </th>
              <th scope="col" className="moderation-table__actions">
                {t('ui.colActions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((post) => (
              <PostRow key={post.tp_id} post={post} />
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7}>{query.isLoading ? <span className="portal-spinner" role="status" /> : <Empty />}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <More query={query} shown={rows.length} testId="zone-posts-more" />
    </div>
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
        <Tag tone={report.target_kind === 'comment' ? 'purple' : 'blue'}>{t(`ui.target_${report.target_kind}`)}</Tag>
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
              <PortalButton
                className="moderation-small-button"
                danger
                onClick={() => setDeleting(true)}
                data-testid="zone-report-delete-comment"
              >
                {t('ui.deleteComment')}
              </PortalButton>
            )}
            <PortalButton
              className="moderation-small-button"
              variant="primary"
              onClick={() => setClosing(REPORT_STATUS.handled)}
              data-testid="zone-report-handle"
            >
              {t('ui.handle')}
            </PortalButton>
            <PortalButton
              className="moderation-small-button"
              onClick={() => setClosing(REPORT_STATUS.dismissed)}
              data-testid="zone-report-dismiss"
            >
              {t('ui.dismiss')}
            </PortalButton>
          </span>
        )}
      </div>
      <Suspense fallback={null}>
        {closing && <CloseReportDialog report={report} status={closing} onClose={() => setClosing(null)} />}
        {deleting && <DeleteCommentDialog report={report} onClose={() => setDeleting(false)} />}
      </Suspense>
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
        <div data-testid="zone-reports-status">
          <RadioButtons<`${ReportStatus}`>
            name="zone-report-status"
            value={`${filters.status}`}
            onChange={(status) => setFilters({ ...filters, status: Number(status) as ReportStatus })}
            options={statuses.map((s) => ({ value: `${s}`, label: t(`ui.reportStatus_${s}`) }))}
          />
        </div>
      </div>
      {rows.length === 0 && !query.isLoading ? (
        <Empty />
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
  useEffect(() => void loadActions(), []);
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
