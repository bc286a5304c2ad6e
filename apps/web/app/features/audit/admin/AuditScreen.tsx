import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Table, { type ColumnsType } from 'antd/es/table';
import { adminAuditActions, adminAuditList, type AuditEntry } from '@portal/contracts/admin';
import { siteById } from '@portal/contracts/sites';
import { fieldIssues, i18nKey } from '~/lib/forms/form-issues';
import { useAdminSite } from '~/lib/admin/admin-context';
import { SITE_NAME_KEY } from '~/lib/admin/admin-site';
import { useCall, useCallPages } from '~/lib/query/use-call';
import { useFormatTime } from '~/lib/format';
import { useShell } from '~/lib/shell';
import { AuditDiff } from './AuditDiff';
import { useAuditLabels } from './audit-labels';
import {
  actionOptions,
  bodyFromValues,
  FIELD_OF_BODY,
  searchFromValues,
  valuesFromSearch,
  type AuditFilterValues,
} from './audit-filters';
import { LoadMore } from '~/components/admin/LoadMore';

/**
 * The audit log (/admin/audit): a filter toolbar whose values live in the URL (so a filtered view
 * can be shared or linked from another screen, e.g. `?kind=user&target=42`), the entries newest
 * first with "load more", and each entry's before/after on expanding its row.
 */
export function AuditScreen() {
  const { t } = useTranslation('admin');
  const { t: tAny } = useTranslation();
  const { site: uiSite } = useShell();
  const formatTime = useFormatTime();
  const labels = useAuditLabels();
  const { siteCode } = useAdminSite();
  const location = useLocation();
  const navigate = useNavigate();
  const [form] = Form.useForm<AuditFilterValues>();

  const values = useMemo(() => valuesFromSearch(new URLSearchParams(location.search)), [location.search]);
  const body = useMemo(() => bodyFromValues(values), [values]);
  const issues = useMemo(() => fieldIssues(adminAuditList.body, body), [body]);

  // The toolbar shows what the URL says (after navigation, back/forward, a shared link).
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values);
    form.setFields(
      issues.map((issue) => ({ name: FIELD_OF_BODY[issue.field] ?? 'action', errors: [tAny(i18nKey(issue.key))] })),
    );
  }, [form, values, issues, tAny]);

  const facets = useCall(adminAuditActions, {}, { staleTime: 60_000 });
  const entries = useCallPages(adminAuditList, body, { enabled: issues.length === 0 });
  const rows = entries.data?.pages.flatMap((page) => page.list) ?? [];

  const apply = (next: AuditFilterValues) => {
    const found = fieldIssues(adminAuditList.body, bodyFromValues(next));
    if (found.length) {
      form.setFields(
        found.map((issue) => ({ name: FIELD_OF_BODY[issue.field] ?? 'action', errors: [tAny(i18nKey(issue.key))] })),
      );
      return;
    }
    void navigate({ pathname: location.pathname, search: searchFromValues(next, siteCode) });
  };

  const siteLabel = (siteId: number | null) => {
    const site = siteId === null ? undefined : siteById(siteId);
    return site ? t(SITE_NAME_KEY[site.apply_site]) : t('bothSites');
  };

  const columns: ColumnsType<AuditEntry> = [
    {
      key: 'time',
      title: t('colTime'),
      width: 170,
      render: (_, e) => (
        <time dateTime={e.created_at} title={e.created_at}>
          {formatTime(e.created_at, { site: uiSite })}
        </time>
      ),
    },
    {
      key: 'actor',
      title: t('colActor'),
      render: (_, e) =>
        e.actor ? (
          <Link
            to={{ search: searchFromValues({ ...values, actor: String(e.actor.user_id) }, siteCode) }}
            title={t('filterActor')}
          >
            {e.actor.user_nick_name} <span className="admin-muted">#{e.actor.user_id}</span>
          </Link>
        ) : (
          <span className="admin-muted">{t('actorGone')}</span>
        ),
    },
    {
      key: 'action',
      title: t('colAction'),
      render: (_, e) => (
        <span title={e.action} data-testid="audit-action">
          {labels.action(e.action)}
        </span>
      ),
    },
    {
      key: 'target',
      title: t('colTarget'),
      render: (_, e) => (
        <span title={`${e.target_kind} ${e.target_id}`} data-testid="audit-target">
          {e.target_id
            ? t('auditTarget', { kind: labels.target(e.target_kind), id: e.target_id })
            : labels.target(e.target_kind)}
        </span>
      ),
    },
    { key: 'site', title: t('colSite'), render: (_, e) => siteLabel(e.site_id) },
    { key: 'ip', title: t('colIp'), render: (_, e) => <code>{e.ip}</code> },
  ];

  return (
    <div className="admin-audit" data-testid="admin-audit">
      <p className="admin-lead">{t('auditLead')}</p>
      <Form<AuditFilterValues>
        form={form}
        layout="vertical"
        className="admin-toolbar"
        onFinish={apply}
        data-testid="audit-filters"
      >
        <Form.Item name="actor" label={t('filterActor')}>
          <Input inputMode="numeric" allowClear data-testid="audit-filter-actor" />
        </Form.Item>
        <Form.Item name="action" label={t('filterAction')}>
          <Select
            showSearch
            optionFilterProp="label"
            allowClear
            placeholder={t('filterActionPlaceholder')}
            popupMatchSelectWidth={false}
            options={actionOptions(facets.data?.actions ?? []).map((a) => ({
              value: a,
              label: labels.filter(a),
            }))}
            data-testid="audit-filter-action"
          />
        </Form.Item>
        <Form.Item name="kind" label={t('filterTargetKind')}>
          <Select
            showSearch
            optionFilterProp="label"
            allowClear
            popupMatchSelectWidth={false}
            options={(facets.data?.target_kinds ?? []).map((k) => ({ value: k, label: labels.target(k) }))}
            data-testid="audit-filter-kind"
          />
        </Form.Item>
        <Form.Item name="target" label={t('filterTargetId')}>
          <Input allowClear data-testid="audit-filter-target" />
        </Form.Item>
        <Form.Item name="from" label={t('filterStart')}>
          <Input type="date" data-testid="audit-filter-from" />
        </Form.Item>
        <Form.Item name="to" label={t('filterEnd')}>
          <Input type="date" data-testid="audit-filter-to" />
        </Form.Item>
        <Form.Item className="admin-toolbar__actions">
          <Button type="primary" htmlType="submit" data-testid="audit-search">
            {t('search')}
          </Button>
          <Button onClick={() => apply({})} data-testid="audit-reset">
            {t('reset')}
          </Button>
        </Form.Item>
      </Form>

      {entries.isError ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={<Button onClick={() => void entries.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <>
          {/* Scrolls sideways on narrow screens; antd's own `scroll` would measure scrollbars with an inline style the CSP refuses. */}
          <div className="admin-table-wrap">
            <Table<AuditEntry>
              rowKey="audit_id"
              columns={columns}
              dataSource={rows}
              loading={entries.isPending && issues.length === 0}
              pagination={false}
              size="middle"
              locale={{ emptyText: t('auditEmpty') }}
              expandable={{ expandedRowRender: (entry) => <AuditDiff entry={entry} /> }}
              data-testid="audit-table"
            />
          </div>
          <LoadMore query={entries} shown={rows.length} testId="audit-more" />
        </>
      )}
    </div>
  );
}
