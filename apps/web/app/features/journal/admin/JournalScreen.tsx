import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table, { type ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import {
  ebookArticleList,
  ebookInfo,
  ebookPreviousList,
  getEbookCategory,
  getEbookList,
  journalIssuePath,
  journalStats,
} from '@portal/contracts/journal';
import {
  adminJournalArticleDelete,
  adminJournalArticleList,
  adminJournalArticleSave,
  adminJournalCategoryDelete,
  adminJournalCategoryList,
  adminJournalCategorySave,
  adminJournalIssueDelete,
  adminJournalIssueList,
  adminJournalIssueSave,
  adminJournalIssueStats,
  adminJournalSubmissionList,
  JOURNAL_RULE,
  uploadJournalCover,
  type AdminJournalArticle,
  type AdminJournalIssue,
  type AdminJournalSubmission,
} from '@portal/contracts/journal-admin';
import { SiteAdminNote } from '~/components/admin/SiteAdminNote';
import { LoadMore } from '~/components/admin/LoadMore';
import { LazyRichTextEditor } from '~/components/editor/LazyRichTextEditor';
import { AttachmentUpload, type FormAttachment } from '~/components/upload/AttachmentUpload';
import { SiteImageUpload } from '~/components/upload/SiteImageUpload';
import { contractRule } from '~/lib/forms/contract-rules';
import { useCall, useCallMutation, useCallPages, useCallScope } from '~/lib/query/use-call';
import { siteByCode } from '@portal/contracts/sites';
import { useTranslation } from '~/lib/use-translation';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';

/** What a write makes stale: the back office's lists and the portal's magazine pages (if this tab has them). */
const JOURNAL_CALLS = [
  adminJournalIssueList,
  adminJournalCategoryList,
  adminJournalArticleList,
  adminJournalIssueStats,
  adminJournalSubmissionList,
  getEbookCategory,
  getEbookList,
  ebookInfo,
  ebookArticleList,
  ebookPreviousList,
  journalStats,
];

/* Issues */

interface IssueValues {
  teb_number?: number | null;
  teb_title?: string;
  teb_summary?: string;
  teb_cover_url?: string;
  tjc_id?: number;
  pdf?: FormAttachment[];
  partner_only?: boolean;
  published?: boolean;
  publish_time?: Dayjs | null;
}

const ISSUE_FIELDS = [
  'teb_number',
  'teb_title',
  'teb_summary',
  'teb_cover_url',
  'tjc_id',
  'pdf_att_id',
  'publish_time',
];

const issueBody = (v: IssueValues) => ({
  teb_number: typeof v.teb_number === 'number' ? v.teb_number : Number.NaN,
  teb_title: v.teb_title ?? '',
  teb_summary: v.teb_summary ?? '',
  teb_cover_url: v.teb_cover_url ?? '',
  tjc_id: v.tjc_id ? v.tjc_id : null,
  pdf_att_id: v.pdf?.[0]?.att_id ?? null,
  partner_only: v.partner_only ?? false,
  published: v.published ?? false,
  publish_time: v.publish_time ? v.publish_time.toISOString() : '',
});

function IssueDialog({ issue, onClose }: { issue: AdminJournalIssue | 'new'; onClose: () => void }) {
  const { t } = useTranslation('journalAdmin');
  const [form] = Form.useForm<IssueValues>();
  const categories = useCall(adminJournalCategoryList, {});
  const save = useCallMutation(adminJournalIssueSave, { invalidates: JOURNAL_CALLS });
  const editing = issue === 'new' ? null : issue;
  const body = () => ({
    ...(editing ? { teb_id: editing.teb_id } : {}),
    ...issueBody(form.getFieldsValue(true) as IssueValues),
  });
  const rule = (field: string) => contractRule(t, adminJournalIssueSave.body, body, [field]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync(body());
      onClose();
    } catch (err) {
      form.setFields(
        serverFieldErrors(err, (field) => ((ISSUE_FIELDS as readonly string[]).includes(field) ? field : null)),
      );
    }
  };

  const initial: IssueValues = editing
    ? {
        teb_number: editing.teb_number,
        teb_title: editing.teb_title,
        teb_summary: editing.teb_summary,
        teb_cover_url: editing.teb_cover_url,
        tjc_id: editing.tjc_id ?? 0,
        pdf: editing.pdf
          ? [
              {
                att_id: editing.pdf.att_id,
                att_title: editing.pdf.att_title,
                att_url: '',
                att_size: editing.pdf.att_size,
              },
            ]
          : [],
        partner_only: editing.partner_only,
        published: editing.published,
        publish_time: dayjs(editing.publish_time),
      }
    : {
        tjc_id: 0,
        teb_summary: '',
        teb_cover_url: '',
        pdf: [],
        partner_only: false,
        published: true,
        publish_time: dayjs(),
      };

  return (
    <Modal
      open
      title={editing ? t('editIssue') : t('newIssue')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={720}
      okButtonProps={{ 'data-testid': 'journal-issue-save' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} data-testid="journal-issue-form">
        <Space wrap align="start">
          <Form.Item name="teb_number" label={t('fieldNumber')} rules={[rule('teb_number')]}>
            <InputNumber min={1} max={JOURNAL_RULE.numberMax} precision={0} data-testid="journal-issue-number" />
          </Form.Item>
          <Form.Item name="tjc_id" label={t('fieldCategory')}>
            <Select
              style={{ minWidth: 200 }}
              options={[
                { value: 0, label: t('noCategory') },
                ...(categories.data?.list ?? []).map((c) => ({ value: c.tjc_id, label: c.tjc_name })),
              ]}
              data-testid="journal-issue-category"
            />
          </Form.Item>
          <Form.Item name="publish_time" label={t('fieldPublishTime')} rules={[rule('publish_time')]}>
            <DatePicker showTime data-testid="journal-issue-time" />
          </Form.Item>
        </Space>
        <Form.Item name="teb_title" label={t('fieldTitle')} rules={[rule('teb_title')]}>
          <Input maxLength={JOURNAL_RULE.titleMax} showCount data-testid="journal-issue-title" />
        </Form.Item>
        <Form.Item name="teb_summary" label={t('fieldSummary')} rules={[rule('teb_summary')]}>
          <Input.TextArea maxLength={JOURNAL_RULE.summaryMax} rows={3} data-testid="journal-issue-summary" />
        </Form.Item>
        <Form.Item name="teb_cover_url" label={t('fieldCover')} rules={[rule('teb_cover_url')]}>
          <SiteImageUpload call={uploadJournalCover} label={t('uploadCover')} testId="journal-issue-cover" />
        </Form.Item>
        <Form.Item name="pdf" label={t('fieldPdf')} rules={[rule('pdf_att_id')]}>
          <AttachmentUpload types={['pdf']} limit={1} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item
            name="partner_only"
            label={t('fieldPartnerOnly')}
            valuePropName="checked"
            extra={t('partnerOnlyHelp')}
          >
            <Switch data-testid="journal-issue-partner-only" />
          </Form.Item>
          <Form.Item name="published" label={t('fieldPublished')} valuePropName="checked" extra={t('publishedHelp')}>
            <Switch data-testid="journal-issue-published" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/* Articles */

interface ArticleValues {
  /** The accepted submission the new article is placed from. */
  teba_id?: number;
  tea_title?: string;
  tea_sort?: number | null;
  author_user_id?: number | null;
  author_name?: string;
  tea_content?: string;
}

const ARTICLE_FIELDS = ['teba_id', 'tea_title', 'tea_sort', 'author_user_id', 'author_name', 'tea_content'];

function ArticleDialog({
  issueId,
  article,
  onClose,
}: {
  issueId: number;
  article: AdminJournalArticle | 'new';
  onClose: () => void;
}) {
  const { t } = useTranslation('journalAdmin');
  const [form] = Form.useForm<ArticleValues>();
  const save = useCallMutation(adminJournalArticleSave, { invalidates: JOURNAL_CALLS });
  const editing = article === 'new' ? null : article;
  // A new article may start from an accepted submission not placed yet (its author the submitter).
  const accepted = useCall(adminJournalSubmissionList, {}, { enabled: !editing });
  const [picked, setPicked] = useState<AdminJournalSubmission | null>(null);
  const pick = (id: number | undefined) => {
    const submission = accepted.data?.list.find((x) => x.teba_id === id) ?? null;
    setPicked(submission);
    form.setFieldsValue(
      submission
        ? { teba_id: submission.teba_id, tea_title: submission.teba_title, tea_content: submission.teba_content }
        : { teba_id: undefined },
    );
  };
  const body = () => {
    const v = form.getFieldsValue(true) as ArticleValues;
    return {
      teb_id: issueId,
      ...(editing ? { tea_id: editing.tea_id } : {}),
      ...(!editing && typeof v.teba_id === 'number' ? { teba_id: v.teba_id } : {}),
      tea_title: v.tea_title ?? '',
      ...(typeof v.tea_sort === 'number' ? { tea_sort: v.tea_sort } : {}),
      author_user_id: typeof v.author_user_id === 'number' ? v.author_user_id : null,
      author_name: v.author_name ?? '',
      tea_content: v.tea_content ?? '',
    };
  };
  const rule = (field: string) => contractRule(t, adminJournalArticleSave.body, body, [field]);
  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync(body());
      onClose();
    } catch (err) {
      form.setFields(
        serverFieldErrors(err, (field) => ((ARTICLE_FIELDS as readonly string[]).includes(field) ? field : null)),
      );
    }
  };
  const initial: ArticleValues = editing
    ? {
        tea_title: editing.tea_title,
        tea_sort: editing.tea_sort,
        author_user_id: editing.author_user_id,
        author_name: editing.author_name,
        tea_content: editing.tea_content,
      }
    : { author_name: '', tea_content: '' };

  return (
    <Modal
      open
      title={editing ? t('editArticle') : t('newArticle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={860}
      okButtonProps={{ 'data-testid': 'journal-article-save' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} data-testid="journal-article-form">
        {editing ? null : (
          <Form.Item name="teba_id" label={t('fromSubmission')} extra={t('fromSubmissionHelp')}>
            <Select
              allowClear
              loading={accepted.isPending}
              placeholder={t('fromSubmissionNone')}
              notFoundContent={t('fromSubmissionNone')}
              onChange={(id: number | undefined) => pick(id)}
              options={(accepted.data?.list ?? []).map((x) => ({
                value: x.teba_id,
                label: `${x.teba_title} · ${x.author.name}`,
              }))}
              data-testid="journal-article-submission"
            />
          </Form.Item>
        )}
        <Form.Item name="tea_title" label={t('fieldArticleTitle')} rules={[rule('tea_title')]}>
          <Input maxLength={JOURNAL_RULE.articleTitleMax} showCount data-testid="journal-article-title" />
        </Form.Item>
        <Space wrap align="start">
          {picked || editing?.teba_id ? (
            <Form.Item label={t('colAuthor')}>
              <Tag color="blue" data-testid="journal-article-submitter">
                {picked?.author.name ?? editing?.author.name}
              </Tag>
            </Form.Item>
          ) : (
            <>
              <Form.Item name="author_user_id" label={t('fieldAuthorId')} extra={t('authorIdHelp')}>
                <InputNumber min={1} precision={0} style={{ width: 200 }} data-testid="journal-article-author-id" />
              </Form.Item>
              <Form.Item
                name="author_name"
                label={t('fieldAuthorName')}
                rules={[contractRule(t, adminJournalArticleSave.body, body, ['author_name'], ['author_user_id'])]}
              >
                <Input maxLength={JOURNAL_RULE.authorNameMax} data-testid="journal-article-author-name" />
              </Form.Item>
            </>
          )}
          <Form.Item name="tea_sort" label={t('fieldSort')} rules={[rule('tea_sort')]}>
            <InputNumber min={0} max={JOURNAL_RULE.sortMax} precision={0} data-testid="journal-article-sort" />
          </Form.Item>
        </Space>
        <Form.Item name="tea_content" label={t('fieldContent')} rules={[rule('tea_content')]}>
          <LazyRichTextEditor height={320} aria-label={t('fieldContent')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ArticlesDrawer({ issue, onClose }: { issue: AdminJournalIssue; onClose: () => void }) {
  const { t } = useTranslation('journalAdmin');
  const list = useCallPages(adminJournalArticleList, { teb_id: issue.teb_id, limit: 100 });
  const remove = useCallMutation(adminJournalArticleDelete, { invalidates: JOURNAL_CALLS });
  const [dialog, setDialog] = useState<AdminJournalArticle | 'new' | null>(null);
  const articles = list.data ? list.data.pages.flatMap((p) => p.list) : [];
  const columns: ColumnsType<AdminJournalArticle> = [
    { title: t('fieldSort'), dataIndex: 'tea_sort', width: 80 },
    {
      title: t('colArticle'),
      key: 'title',
      render: (_, a) => (
        <>
          {a.tea_title}
          {a.teba_id !== null ? <Tag>{t('fromSubmissionTag')}</Tag> : null}
        </>
      ),
    },
    { title: t('colAuthor'), key: 'author', render: (_, a) => a.author.name, width: 160 },
    { title: t('colReads'), dataIndex: 'read_count', width: 90 },
    {
      title: t('actions'),
      key: 'actions',
      width: 170,
      render: (_, a) => (
        <Space>
          <Button size="small" onClick={() => setDialog(a)} data-testid={`journal-article-edit-${a.tea_id}`}>
            {t('edit')}
          </Button>
          <Popconfirm
            title={t('deleteArticleConfirm')}
            okText={t('delete')}
            cancelText={t('cancel')}
            onConfirm={() => remove.mutateAsync({ tea_id: a.tea_id }).catch(() => undefined)}
          >
            <Button size="small" danger>
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Drawer
      open
      width={900}
      title={t('articlesTitle', { title: issue.teb_title })}
      onClose={onClose}
      destroyOnHidden
      data-testid="journal-articles-drawer"
    >
      <div className="site-admin__toolbar">
        <Button type="primary" onClick={() => setDialog('new')} data-testid="journal-article-add">
          {t('newArticle')}
        </Button>
      </div>
      <Table<AdminJournalArticle>
        rowKey="tea_id"
        columns={columns}
        dataSource={articles}
        pagination={false}
        loading={list.isPending}
        locale={{ emptyText: t('empty') }}
      />
      <LoadMore query={list} shown={articles.length} />
      {dialog !== null ? (
        <ArticleDialog issueId={issue.teb_id} article={dialog} onClose={() => setDialog(null)} />
      ) : null}
    </Drawer>
  );
}

function StatsDrawer({ issue, onClose }: { issue: AdminJournalIssue; onClose: () => void }) {
  const { t } = useTranslation('journalAdmin');
  const stats = useCall(adminJournalIssueStats, { teb_id: issue.teb_id });
  const days = stats.data ? [...stats.data.days].reverse() : [];
  const peak = Math.max(1, ...days.map((d) => Math.max(d.reads, d.downloads)));
  return (
    <Drawer open width={640} title={t('statsTitle', { title: issue.teb_title })} onClose={onClose} destroyOnHidden>
      {stats.data ? (
        <div data-testid="journal-stats-drawer">
          <Space size="large" className="site-admin__toolbar">
            <span data-testid="journal-stats-reads">
              {t('statReads')}: <strong>{stats.data.read_count}</strong>
            </span>
            <span data-testid="journal-stats-downloads">
              {t('statDownloads')}: <strong>{stats.data.download_count}</strong>
            </span>
            <span>
              {t('statArticles')}: <strong>{stats.data.article_count}</strong>
            </span>
          </Space>
          <h3>{t('last30Days')}</h3>
          <Table
            rowKey="day"
            size="small"
            pagination={false}
            dataSource={days}
            columns={[
              { title: t('colDay'), dataIndex: 'day', width: 120 },
              {
                title: t('statReads'),
                key: 'reads',
                render: (_, d) => (
                  <Space>
                    <span
                      aria-hidden="true"
                      style={{
                        display: 'inline-block',
                        height: 8,
                        width: (120 * d.reads) / peak,
                        background: '#0b57d0',
                      }}
                    />
                    {d.reads}
                  </Space>
                ),
              },
              {
                title: t('statDownloads'),
                key: 'downloads',
                render: (_, d) => (
                  <Space>
                    <span
                      aria-hidden="true"
                      style={{
                        display: 'inline-block',
                        height: 8,
                        width: (120 * d.downloads) / peak,
                        background: '#b45309',
                      }}
                    />
                    {d.downloads}
                  </Space>
                ),
              },
            ]}
          />
        </div>
      ) : null}
    </Drawer>
  );
}

function IssuesTab() {
  const { t } = useTranslation('journalAdmin');
  const scope = useCallScope();
  const site = siteByCode(scope.siteCode);
  const list = useCallPages(adminJournalIssueList, { limit: 20 });
  const remove = useCallMutation(adminJournalIssueDelete, { invalidates: JOURNAL_CALLS });
  const [dialog, setDialog] = useState<AdminJournalIssue | 'new' | null>(null);
  const [articlesOf, setArticlesOf] = useState<AdminJournalIssue | null>(null);
  const [statsOf, setStatsOf] = useState<AdminJournalIssue | null>(null);
  if (list.isError) {
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const issues = list.data ? list.data.pages.flatMap((p) => p.list) : [];
  const state = (x: AdminJournalIssue) =>
    !x.published ? (
      <Tag>{t('draft')}</Tag>
    ) : Date.parse(x.publish_time) > Date.now() ? (
      <Tag color="blue">{t('scheduled')}</Tag>
    ) : (
      <Tag color="green">{t('published')}</Tag>
    );
  const columns: ColumnsType<AdminJournalIssue> = [
    {
      title: t('colIssue'),
      key: 'issue',
      render: (_, x) => (
        <Space>
          {x.teb_cover_url ? <img src={x.teb_cover_url} alt="" width={48} loading="lazy" /> : null}
          <div>
            <div>
              #{x.teb_number} {x.teb_title}
            </div>
            <div className="site-admin__muted">
              {x.tjc_name || t('noCategory')} · {dayjs(x.publish_time).format('YYYY-MM-DD HH:mm')}
              {x.pdf ? ` · ${x.pdf.att_title}` : ''}
            </div>
          </div>
        </Space>
      ),
    },
    {
      title: t('colState'),
      key: 'state',
      width: 170,
      render: (_, x) => (
        <Space size={4} wrap>
          {state(x)}
          {x.partner_only ? <Tag color="gold">{t('partnerOnly')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('colFigures'),
      key: 'figures',
      width: 170,
      render: (_, x) => `${x.article_count} / ${x.read_count} / ${x.download_count}`,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 330,
      render: (_, x) => (
        <Space wrap>
          <Button size="small" onClick={() => setDialog(x)} data-testid={`journal-issue-edit-${x.teb_id}`}>
            {t('edit')}
          </Button>
          <Button size="small" onClick={() => setArticlesOf(x)} data-testid={`journal-issue-articles-${x.teb_id}`}>
            {t('articles')}
          </Button>
          <Button size="small" onClick={() => setStatsOf(x)} data-testid={`journal-issue-stats-${x.teb_id}`}>
            {t('stats')}
          </Button>
          {site ? (
            <a href={journalIssuePath(site.prefix, x.teb_id)} target="_blank" rel="noreferrer">
              {t('view')}
            </a>
          ) : null}
          <Popconfirm
            title={t('deleteIssueConfirm')}
            okText={t('delete')}
            cancelText={t('cancel')}
            onConfirm={() => remove.mutateAsync({ teb_id: x.teb_id }).catch(() => undefined)}
          >
            <Button size="small" danger>
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <div className="site-admin__toolbar">
        <Button type="primary" onClick={() => setDialog('new')} data-testid="journal-issue-add">
          {t('newIssue')}
        </Button>
      </div>
      <Table<AdminJournalIssue>
        rowKey="teb_id"
        columns={columns}
        dataSource={issues}
        pagination={false}
        loading={list.isPending}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 900 }}
        data-testid="journal-issues-table"
      />
      <LoadMore query={list} shown={issues.length} testId="journal-issues-more" />
      {dialog !== null ? <IssueDialog issue={dialog} onClose={() => setDialog(null)} /> : null}
      {articlesOf ? <ArticlesDrawer issue={articlesOf} onClose={() => setArticlesOf(null)} /> : null}
      {statsOf ? <StatsDrawer issue={statsOf} onClose={() => setStatsOf(null)} /> : null}
    </>
  );
}

interface CategoryValues {
  tjc_name?: string;
  tjc_sort?: number | null;
}

function CategoriesTab() {
  const { t } = useTranslation('journalAdmin');
  const list = useCall(adminJournalCategoryList, {});
  const save = useCallMutation(adminJournalCategorySave, { invalidates: JOURNAL_CALLS });
  const remove = useCallMutation(adminJournalCategoryDelete, { invalidates: JOURNAL_CALLS });
  const [editing, setEditing] = useState<{ tjc_id?: number; tjc_name: string; tjc_sort: number } | null>(null);
  const [form] = Form.useForm<CategoryValues>();
  const body = () => {
    const v = form.getFieldsValue(true) as CategoryValues;
    return {
      ...(editing?.tjc_id ? { tjc_id: editing.tjc_id } : {}),
      tjc_name: v.tjc_name ?? '',
      tjc_sort: typeof v.tjc_sort === 'number' ? v.tjc_sort : 0,
    };
  };
  const submit = async () => {
    try {
      await form.validateFields();
      await save.mutateAsync(body());
      setEditing(null);
    } catch (err) {
      form.setFields(
        serverFieldErrors(err, (field) =>
          (['tjc_name', 'tjc_sort'] as readonly string[]).includes(field) ? field : null,
        ),
      );
    }
  };
  return (
    <>
      <div className="site-admin__toolbar">
        <Button
          type="primary"
          onClick={() => setEditing({ tjc_name: '', tjc_sort: (list.data?.list.length ?? 0) + 1 })}
          data-testid="journal-category-add"
        >
          {t('newCategory')}
        </Button>
      </div>
      <Table
        rowKey="tjc_id"
        pagination={false}
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('fieldSort'), dataIndex: 'tjc_sort', width: 80 },
          { title: t('colName'), dataIndex: 'tjc_name' },
          { title: t('colIssues'), dataIndex: 'issue_count', width: 100 },
          {
            title: t('actions'),
            key: 'actions',
            width: 170,
            render: (_, c) => (
              <Space>
                <Button size="small" onClick={() => setEditing(c)}>
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('deleteCategoryConfirm')}
                  okText={t('delete')}
                  cancelText={t('cancel')}
                  onConfirm={() => remove.mutateAsync({ tjc_id: c.tjc_id }).catch(() => undefined)}
                >
                  <Button size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <Modal
          open
          title={editing.tjc_id ? t('editCategory') : t('newCategory')}
          okText={t('save')}
          cancelText={t('cancel')}
          onOk={() => void submit()}
          onCancel={() => setEditing(null)}
          confirmLoading={save.isPending}
          destroyOnHidden
          okButtonProps={{ 'data-testid': 'journal-category-save' } as Record<`data-${string}`, string>}
        >
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ tjc_name: editing.tjc_name, tjc_sort: editing.tjc_sort }}
          >
            <Form.Item
              name="tjc_name"
              label={t('fieldName')}
              rules={[contractRule(t, adminJournalCategorySave.body, body, ['tjc_name'])]}
            >
              <Input maxLength={JOURNAL_RULE.categoryNameMax} data-testid="journal-category-name" />
            </Form.Item>
            <Form.Item
              name="tjc_sort"
              label={t('fieldSort')}
              rules={[contractRule(t, adminJournalCategorySave.body, body, ['tjc_sort'])]}
            >
              <InputNumber min={0} max={JOURNAL_RULE.sortMax} precision={0} />
            </Form.Item>
          </Form>
        </Modal>
      ) : null}
    </>
  );
}

/** The managed site's e-magazine: issues (with their articles and figures) and categories. */
export function JournalScreen() {
  const { t } = useTranslation('journalAdmin');
  return (
    <div className="site-admin" data-testid="journal-screen">
      <SiteAdminNote lead={t('lead')} />
      <Tabs
        items={[
          { key: 'issues', label: t('tabIssues'), children: <IssuesTab /> },
          { key: 'categories', label: t('tabCategories'), children: <CategoriesTab /> },
        ]}
      />
    </div>
  );
}
