import { useTranslation } from '~/lib/use-translation';
import type { Dayjs } from 'dayjs';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import { dictList } from '@portal/contracts/dictionaries';
import { topicList } from '@portal/contracts/home';
import {
  adminUsersBan,
  adminUsersDetail,
  adminUsersList,
  adminUsersUnban,
  BAN_RULE,
  type AdminUserDetail,
  type BanRecord,
} from '@portal/contracts/members-admin';
import { adminUsersGrantRole, adminUsersRevokeRole } from '@portal/contracts/roles';
import { Avatar } from '~/components/Avatar';
import { useAdminSite } from '~/lib/admin/admin-context';
import { useCall, useCallMutation } from '~/lib/query/use-call';
import { fieldIssues, type FieldIssue } from '~/lib/forms/form-issues';
import { useContractForm } from '~/lib/forms/use-contract-form';
import { useRoleOptions } from '~/lib/admin/role-names';
import { useShell } from '~/lib/shell';
import { useAdminTime, BAN_PRESETS, banEnd, type BanPreset } from './people-format';

/**
 * One member in a drawer: profile, roles on this site and every site (grant with a board or topic
 * picker, revoke), the ban in force (ban with a reason and an end, lift) and the ban history.
 */
export function UserDrawer({
  userId,
  onClose,
  siteLabel,
}: {
  userId: number | null;
  onClose: () => void;
  siteLabel: (twsId: number | null) => string;
}) {
  const { t } = useTranslation('membersAdmin');
  const open = userId !== null;
  const query = useCall(adminUsersDetail, { user_id: userId ?? 1 }, { enabled: open });

  return (
    <Drawer open={open} onClose={onClose} title={t('detailTitle')} size={720} destroyOnHidden>
      {!open ? null : query.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : query.isError ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <div data-testid="admin-user-detail">
          <Profile user={query.data} />
          <Divider titlePlacement="start">{t('rolesSection')}</Divider>
          <Roles user={query.data} siteLabel={siteLabel} />
          <Divider titlePlacement="start">{t('banSection')}</Divider>
          <Ban user={query.data} />
          <Divider titlePlacement="start">{t('banHistory')}</Divider>
          <BanHistory bans={query.data.bans} />
        </div>
      )}
    </Drawer>
  );
}

function Profile({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('membersAdmin');
  const { site: uiSite } = useShell();
  const adminTime = useAdminTime();
  return (
    <>
      <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
        <Avatar user={user} size={48} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {user.user_nick_name}
          </Typography.Title>
          <Typography.Text type="secondary">ID {user.user_id}</Typography.Text>
        </div>
        {user.user_expert === EXPERT_FLAG.expert ? <Tag color="gold">{t('expert')}</Tag> : null}
        {user.is_edit !== 1 ? <Tag>{t('infoIncomplete')}</Tag> : null}
      </Flex>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'email', label: t('email'), children: user.user_email ?? '—' },
          { key: 'mobile', label: t('mobile'), children: user.user_mobile ?? '—' },
          { key: 'name', label: t('realName'), children: user.user_name || '—' },
          { key: 'company', label: t('company'), children: user.user_company || '—' },
          { key: 'job', label: t('jobTitle'), children: user.user_job_title || '—' },
          { key: 'cemail', label: t('contactEmail'), children: user.user_contact_email || '—' },
          { key: 'cmobile', label: t('contactMobile'), children: user.user_contact_mobile || '—' },
          {
            key: 'points',
            label: t('points'),
            children: `${t('level', { level: user.user_points_level })} · ${user.user_points}`,
          },
          { key: 'follows', label: t('follows'), children: user.user_follow_count },
          { key: 'fans', label: t('fans'), children: user.user_fans_count },
          {
            key: 'sessions',
            label: t('liveSessions'),
            children: <span data-testid="admin-user-sessions">{user.live_sessions}</span>,
          },
          { key: 'joined', label: t('joined'), children: adminTime(user.create_time, uiSite) },
        ]}
      />
    </>
  );
}

interface GrantValues {
  role?: string;
  scope_id?: number;
  all_sites?: boolean;
}

/** What a change to a member makes stale: the drawer's detail and the members list behind it. */
const USER_CALLS = [adminUsersDetail, adminUsersList];

function Roles({ user, siteLabel }: { user: AdminUserDetail; siteLabel: (twsId: number | null) => string }) {
  const { t } = useTranslation('membersAdmin');
  const { site: uiSite } = useShell();
  const adminTime = useAdminTime();
  const { can, site } = useAdminSite();
  const roles = useRoleOptions(uiSite.lang);
  const grant = useCallMutation(adminUsersGrantRole, { invalidates: USER_CALLS });
  const revoke = useCallMutation(adminUsersRevokeRole, { invalidates: USER_CALLS });
  const [form] = Form.useForm<GrantValues>();
  const chosenCode = Form.useWatch('role', form);
  const chosen = roles.options.find((r) => r.code === chosenCode);
  const scopeKind = chosen?.scopeKind ?? null;
  const boards = useCall(dictList, { kind: 'board' }, { enabled: scopeKind === 'board' });
  const topics = useCall(topicList, { limit: 50 }, { enabled: scopeKind === 'topic' });
  const mayManage = can('role.manage');

  const submit = async (values: GrantValues) => {
    if (!values.role) return;
    try {
      await grant.mutateAsync({
        user_id: user.user_id,
        role: values.role,
        ...(scopeKind && values.scope_id ? { scope_id: values.scope_id } : {}),
        all_sites: !scopeKind && values.all_sites === true,
      });
      form.resetFields();
    } catch {
      // The request client has shown the server's message.
    }
  };

  return (
    <>
      {user.grants.length === 0 ? (
        <Typography.Text type="secondary">{t('noRoles')}</Typography.Text>
      ) : (
        <Flex vertical gap={8} data-testid="admin-user-grants">
          {user.grants.map((g) => {
            const name = roles.nameOf(g.role, g.role_name);
            const elsewhere = g.tws_id !== null && g.tws_id !== site.tws_id;
            return (
              <Flex key={g.id} gap={8} align="center" wrap data-testid={`admin-grant-${g.role}`}>
                <Tag color={g.role === 'admin' ? 'red' : 'blue'}>{name}</Tag>
                <Typography.Text type="secondary">
                  {g.tws_id === null ? t('everySite') : siteLabel(g.tws_id)}
                  {g.scope_name ? ` · ${g.scope_kind === 'board' ? t('board') : t('topic')}: ${g.scope_name}` : ''}
                  {` · ${adminTime(g.create_time, uiSite)}`}
                </Typography.Text>
                {mayManage && !elsewhere ? (
                  <Popconfirm
                    title={t('revokeConfirm', { role: name })}
                    okText={t('confirm')}
                    cancelText={t('cancel')}
                    onConfirm={() => revoke.mutateAsync({ id: g.id }).catch(() => undefined)}
                  >
                    <Button size="small" danger data-testid={`admin-revoke-${g.role}`}>
                      {t('revoke')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Flex>
            );
          })}
        </Flex>
      )}
      {mayManage ? (
        <Form<GrantValues>
          form={form}
          layout="inline"
          onFinish={(values) => void submit(values)}
          style={{ marginTop: 16, rowGap: 8 }}
          aria-label={t('grantTitle')}
        >
          <Form.Item name="role" label={t('role')} rules={[{ required: true, message: t('roleRule') }]}>
            <Select
              style={{ minWidth: 160 }}
              // Staff-made roles add up: typing finds one.
              showSearch={{ optionFilterProp: 'label' }}
              options={roles.options.map((r) => ({ value: r.code, label: r.name }))}
              onChange={() => form.setFieldsValue({ scope_id: undefined })}
              data-testid="admin-grant-role"
            />
          </Form.Item>
          {scopeKind === 'board' ? (
            <Form.Item name="scope_id" label={t('board')} rules={[{ required: true, message: t('board') }]}>
              <Select
                style={{ minWidth: 160 }}
                loading={boards.isPending}
                options={(boards.data?.list ?? []).map((b) => ({ value: b.value, label: b.label }))}
                data-testid="admin-grant-board"
              />
            </Form.Item>
          ) : null}
          {scopeKind === 'topic' ? (
            <Form.Item name="scope_id" label={t('topic')} rules={[{ required: true, message: t('topic') }]}>
              <Select
                style={{ minWidth: 200 }}
                showSearch={{ optionFilterProp: 'label' }}
                loading={topics.isPending}
                options={(topics.data?.topic_list ?? []).map((tp) => ({ value: tp.tt_id, label: tp.tt_title }))}
                data-testid="admin-grant-topic"
              />
            </Form.Item>
          ) : null}
          {!scopeKind ? (
            <Form.Item name="all_sites" valuePropName="checked">
              <Checkbox>{t('allSitesGrant')}</Checkbox>
            </Form.Item>
          ) : null}
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={grant.isPending} data-testid="admin-grant-submit">
              {t('grant')}
            </Button>
          </Form.Item>
        </Form>
      ) : null}
    </>
  );
}

interface BanValues {
  reason?: string;
  preset: BanPreset;
  until?: Dayjs | null;
}

function Ban({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('membersAdmin');
  const { site: uiSite } = useShell();
  const adminTime = useAdminTime();
  const ban = useCallMutation(adminUsersBan, { invalidates: USER_CALLS });
  const unban = useCallMutation(adminUsersUnban, { invalidates: USER_CALLS });

  const bodyOf = (values: Partial<BanValues>) => ({
    user_id: user.user_id,
    reason: values.reason ?? '',
    until: banEnd(values.preset ?? 'preset7d', values.until?.valueOf(), Date.now()),
  });
  const validate = (values: Partial<BanValues>): FieldIssue[] => {
    if (values.preset === 'presetCustom' && !values.until)
      return [{ field: 'until', key: 'membersAdmin.banEndRequired' }];
    return fieldIssues(adminUsersBan.body, bodyOf(values));
  };
  const { form, rule, showServerIssues } = useContractForm<BanValues>(validate);
  const preset = Form.useWatch('preset', form);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = bodyOf(form.getFieldsValue(true) as BanValues);
    if (body.until === undefined) return;
    try {
      await ban.mutateAsync({ ...body, until: body.until });
      form.resetFields();
    } catch (err) {
      showServerIssues((err as { envelope?: Parameters<typeof showServerIssues>[0] }).envelope, ['reason', 'until']);
    }
  };

  return (
    <>
      {user.banned_until ? (
        <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
          <Alert
            type="error"
            showIcon
            title={t('bannedNow', { until: adminTime(user.banned_until, uiSite), reason: user.ban_reason })}
            data-testid="admin-user-ban-state"
          />
          <Popconfirm
            title={t('unbanConfirm')}
            okText={t('confirm')}
            cancelText={t('cancel')}
            onConfirm={() => unban.mutateAsync({ user_id: user.user_id }).catch(() => undefined)}
          >
            <Button data-testid="admin-unban">{t('unban')}</Button>
          </Popconfirm>
        </Flex>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="admin-user-ban-state">
          {t('notBannedNow')}
        </Typography.Paragraph>
      )}
      <Form<BanValues> form={form} layout="vertical" initialValues={{ preset: 'preset7d' }} aria-label={t('ban')}>
        <Form.Item name="reason" label={t('banReason')} rules={[rule('reason')]} validateTrigger="onBlur">
          <Input.TextArea
            rows={2}
            maxLength={BAN_RULE.reasonMax}
            showCount
            placeholder={t('banReasonPlaceholder')}
            data-testid="admin-ban-reason"
          />
        </Form.Item>
        <Form.Item name="preset" label={t('banLength')}>
          <Radio.Group
            optionType="button"
            options={[...BAN_PRESETS.map((p) => p.key), 'presetCustom' as const].map((key) => ({
              value: key,
              label: t(key),
            }))}
            data-testid="admin-ban-preset"
          />
        </Form.Item>
        {preset === 'presetCustom' ? (
          <Form.Item name="until" label={t('banEnd')} rules={[rule('until')]}>
            <DatePicker
              showTime
              disabledDate={(d) => d.valueOf() < Date.now() - 86_400_000}
              data-testid="admin-ban-until"
            />
          </Form.Item>
        ) : null}
        <Popconfirm title={t('banConfirm')} okText={t('confirm')} cancelText={t('cancel')} onConfirm={() => submit()}>
          <Button danger type="primary" loading={ban.isPending} data-testid="admin-ban-submit">
            {t('ban')}
          </Button>
        </Popconfirm>
      </Form>
    </>
  );
}

function BanHistory({ bans }: { bans: BanRecord[] }) {
  const { t } = useTranslation('membersAdmin');
  const { site: uiSite } = useShell();
  const adminTime = useAdminTime();
  return (
    <Table<BanRecord>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={bans}
      locale={{ emptyText: t('noBans') }}
      data-testid="admin-user-bans"
      columns={[
        { key: 'reason', title: t('banReason'), dataIndex: 'reason' },
        { key: 'start', title: t('banStart'), render: (_, b) => adminTime(b.start_time, uiSite) },
        { key: 'end', title: t('banEnds'), render: (_, b) => adminTime(b.end_time, uiSite) },
        { key: 'by', title: t('banBy'), render: (_, b) => b.created_by?.user_nick_name ?? t('byNobody') },
        {
          key: 'lifted',
          title: t('banLifted'),
          render: (_, b) =>
            b.lifted_time ? `${adminTime(b.lifted_time, uiSite)} · ${b.lifted_by?.user_nick_name ?? ''}` : '—',
        },
      ]}
    />
  );
}
