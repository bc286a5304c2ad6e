import { useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import {
  adminMessagesBroadcast,
  adminMessagesBroadcasts,
  adminUsersList,
  type BroadcastItem,
} from '@portal/contracts/members-admin';
import { BROADCAST_RULE } from '@portal/contracts/messages';
import { useAdminSite } from '~/lib/admin/admin-context';
import { useCall, useCallMutation, useCallPages } from '~/lib/query/use-call';
import { fieldIssues } from '~/lib/forms/form-issues';
import { useContractForm } from '~/lib/forms/use-contract-form';
import { useRoleOptions } from '~/lib/admin/role-names';
import { useShell } from '~/lib/shell';
import { useAdminTime, siteLabelKey } from './people-format';

interface BroadcastValues {
  where: 'this' | 'both';
  audience: 'all' | 'role' | 'member';
  role?: string;
  user_id?: number;
  title?: string;
  content?: string;
  url?: string;
}

/** Form fields that a 40001 answer may name (the site choice is a radio with valid values only). */
const FIELDS = ['audience', 'role', 'user_id', 'title', 'content', 'url'] as const;

/** Picks one member: a search over the member list when the staff may read it, else an id. */
function MemberPicker({ value, onChange }: { value?: number; onChange?: (id: number | undefined) => void }) {
  const { t } = useTranslation('membersAdmin');
  const { can } = useAdminSite();
  const [keyword, setKeyword] = useState('');
  const searchable = can('user.manage');
  const found = useCall(
    adminUsersList,
    { keyword: keyword.trim(), page_size: 10 },
    { enabled: searchable && keyword.trim().length > 0 },
  );
  if (!searchable) {
    return <InputNumber min={1} value={value} onChange={(v) => onChange?.(v ?? undefined)} placeholder="ID" />;
  }
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={onChange}
      placeholder={t('memberPlaceholder')}
      notFoundContent={null}
      loading={found.isFetching}
      style={{ minWidth: 280 }}
      options={(found.data?.list ?? []).map((u) => ({
        value: u.user_id,
        label: `${u.user_nick_name} (ID ${u.user_id}${u.user_email ? `, ${u.user_email}` : ''})`,
      }))}
      data-testid="admin-broadcast-member"
    />
  );
}

/** Staff broadcasts: the form (this site or both; everyone, a role or one member) and the sent list. */
export function BroadcastsScreen() {
  const { t } = useTranslation('membersAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { site: uiSite } = useShell();
  const adminTime = useAdminTime();
  const { site, siteCode } = useAdminSite();
  const roles = useRoleOptions(uiSite.lang);
  const send = useCallMutation(adminMessagesBroadcast, { invalidates: [adminMessagesBroadcasts] });
  const sent = useCallPages(adminMessagesBroadcasts, { page_size: 20 });
  const rows = sent.data?.pages.flatMap((p) => p.list) ?? [];

  const bodyOf = (v: Partial<BroadcastValues>) => {
    const base = {
      tws_id: v.where === 'both' ? null : site.tws_id,
      title: v.title ?? '',
      content: v.content ?? '',
      url: v.url ?? '',
    };
    if (v.audience === 'role') return { ...base, audience: 'role' as const, role: v.role ?? '' };
    if (v.audience === 'member') return { ...base, audience: 'member' as const, user_id: v.user_id ?? 0 };
    return { ...base, audience: 'all' as const };
  };
  const { form, rule, showServerIssues } = useContractForm<BroadcastValues>((v) =>
    fieldIssues(adminMessagesBroadcast.body, bodyOf(v)),
  );
  const audience = Form.useWatch('audience', form);

  // The form is checked first; only a valid broadcast asks "send it?" (issue 17).
  const [confirming, setConfirming] = useState(false);
  const askToSend = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setConfirming(true);
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const parsed = adminMessagesBroadcast.body.safeParse(bodyOf(form.getFieldsValue(true) as BroadcastValues));
    if (!parsed.success) return;
    try {
      await send.mutateAsync(parsed.data);
      form.resetFields();
    } catch (err) {
      showServerIssues((err as { envelope?: Parameters<typeof showServerIssues>[0] }).envelope, [...FIELDS]);
    }
  };

  const audienceText = (b: BroadcastItem) => {
    if (b.audience === 'role')
      return `${t('audienceRole')}: ${b.role ? roles.nameOf(b.role, b.role_name ?? b.role) : ''}`;
    if (b.audience === 'member')
      return `${t('audienceMember')}: ${b.target?.user_nick_name ?? ''} (ID ${b.target?.user_id ?? ''})`;
    return t('audienceAll');
  };

  return (
    <Flex vertical gap={24} data-testid="admin-broadcasts">
      <Typography.Paragraph type="secondary">{t('broadcastsLead')}</Typography.Paragraph>
      <Card title={t('sendTitle')} size="small">
        <Form<BroadcastValues>
          form={form}
          layout="vertical"
          initialValues={{ where: 'this', audience: 'all' }}
          aria-label={t('sendTitle')}
          style={{ maxWidth: 720 }}
        >
          <Form.Item name="where" label={t('targetSite')}>
            <Radio.Group
              options={[
                { value: 'this', label: t('thisSite', { site: tAdmin(siteLabelKey(site.tws_id)) }) },
                { value: 'both', label: t('bothSites') },
              ]}
              data-testid="admin-broadcast-site"
            />
          </Form.Item>
          <Form.Item name="audience" label={t('audience')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'all', label: t('audienceAll') },
                { value: 'role', label: t('audienceRole') },
                { value: 'member', label: t('audienceMember') },
              ]}
              data-testid="admin-broadcast-audience"
            />
          </Form.Item>
          {audience === 'role' ? (
            <Form.Item name="role" label={t('role')} rules={[rule('role')]}>
              <Select
                style={{ maxWidth: 280 }}
                options={roles.options.map((r) => ({ value: r.code, label: r.name }))}
                data-testid="admin-broadcast-role"
              />
            </Form.Item>
          ) : null}
          {audience === 'member' ? (
            <Form.Item name="user_id" label={t('member')} rules={[rule('user_id')]}>
              <MemberPicker />
            </Form.Item>
          ) : null}
          <Form.Item name="title" label={t('title')} rules={[rule('title')]} validateTrigger="onBlur">
            <Input maxLength={BROADCAST_RULE.titleMax} showCount data-testid="admin-broadcast-title" />
          </Form.Item>
          <Form.Item name="content" label={t('content')} rules={[rule('content')]} validateTrigger="onBlur">
            <Input.TextArea
              rows={4}
              maxLength={BROADCAST_RULE.contentMax}
              showCount
              data-testid="admin-broadcast-content"
            />
          </Form.Item>
          <Form.Item name="url" label={t('url')} extra={t('urlHelp')} rules={[rule('url')]} validateTrigger="onBlur">
            <Input placeholder={`/${site.prefix}/about`} data-testid="admin-broadcast-url" />
          </Form.Item>
          <Popconfirm
            title={t('sendConfirm')}
            okText={t('confirm')}
            cancelText={t('cancel')}
            open={confirming}
            onOpenChange={(open) => {
              if (!open) setConfirming(false);
            }}
            onConfirm={() => {
              setConfirming(false);
              void submit();
            }}
            onCancel={() => setConfirming(false)}
          >
            <Button
              type="primary"
              loading={send.isPending}
              onClick={() => void askToSend()}
              data-testid="admin-broadcast-send"
            >
              {t('send')}
            </Button>
          </Popconfirm>
        </Form>
      </Card>
      <Card title={t('sentTitle')} size="small">
        <Table<BroadcastItem>
          rowKey="id"
          size="small"
          dataSource={rows}
          loading={sent.isPending}
          pagination={false}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('noBroadcasts') }}
          data-testid={`admin-broadcasts-table-${siteCode}`}
          columns={[
            {
              key: 'title',
              title: t('colTitle'),
              render: (_, b) => (
                <span>
                  <Typography.Text strong>{b.title}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>
                    {b.content}
                  </Typography.Text>
                </span>
              ),
            },
            { key: 'audience', title: t('colAudience'), render: (_, b) => audienceText(b) },
            { key: 'site', title: t('colSite'), render: (_, b) => tAdmin(siteLabelKey(b.tws_id)) },
            { key: 'recipients', title: t('colRecipients'), dataIndex: 'recipient_count' },
            { key: 'sender', title: t('colSender'), render: (_, b) => b.created_by?.user_nick_name ?? '' },
            { key: 'time', title: t('colTime'), render: (_, b) => adminTime(b.create_time, uiSite) },
          ]}
        />
        {sent.hasNextPage ? (
          <Flex justify="center" style={{ marginTop: 12 }}>
            <Button onClick={() => void sent.fetchNextPage()} loading={sent.isFetchingNextPage}>
              {t('loadMore')}
            </Button>
          </Flex>
        ) : null}
      </Card>
    </Flex>
  );
}
