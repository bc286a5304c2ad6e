import { useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import { adminUsersList, type AdminUserItem } from '@portal/contracts/members-admin';
import { Avatar } from '~/components/Avatar';
import { useCallPages } from '~/lib/query/use-call';
import { useRoleOptions } from '~/lib/admin/role-names';
import { useShell } from '~/lib/shell';
import { useAdminTime, siteLabelKey } from './people-format';
import { UserDrawer } from './UserDrawer';
import { LoadMore } from '~/components/admin/LoadMore';

type BanFilter = 'any' | 'banned' | 'free';

interface Filters {
  keyword?: string;
  role?: string;
  banned?: boolean;
}

/** The back office's members: search and filters, a keyset-paged table, and a detail drawer. */
export function UsersScreen() {
  const { t } = useTranslation('membersAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { site: uiSite } = useShell();
  const adminTime = useAdminTime();
  const roles = useRoleOptions(uiSite.lang);
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [ban, setBan] = useState<BanFilter>('any');
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useCallPages(adminUsersList, { ...filters, page_size: 20 });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];

  const setBanFilter = (value: BanFilter) => {
    setBan(value);
    setFilters((f) => ({ ...f, banned: value === 'any' ? undefined : value === 'banned' }));
  };

  const columns: ColumnsType<AdminUserItem> = [
    {
      key: 'member',
      title: t('colMember'),
      // Widths for the columns whose words must not break (nickname, name and company), so that the
      // table fits a 1280 px screen without squeezing them letter by letter.
      width: 190,
      render: (_, u) => (
        <Flex gap={8} align="center">
          <Avatar user={u} size={32} />
          <span>
            <Typography.Text strong>{u.user_nick_name}</Typography.Text>
            <br />
            <Typography.Text type="secondary">ID {u.user_id}</Typography.Text>
          </span>
        </Flex>
      ),
    },
    {
      key: 'contact',
      title: t('colContact'),
      render: (_, u) => (
        <span>
          {u.user_email ?? ''}
          {u.user_email && u.user_mobile ? <br /> : null}
          {u.user_mobile ?? ''}
        </span>
      ),
    },
    {
      key: 'profile',
      width: 170,
      title: t('colProfile'),
      render: (_, u) =>
        u.is_edit === 1 ? (
          <span>
            {u.user_name}
            <br />
            <Typography.Text type="secondary">{u.user_company}</Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">{t('infoIncomplete')}</Typography.Text>
        ),
    },
    {
      key: 'roles',
      width: 160,
      title: t('colRoles'),
      render: (_, u) => (
        <Flex gap={4} wrap>
          {u.roles.map((g) => (
            <Tag key={g.id} color={g.role === 'admin' ? 'red' : 'blue'}>
              {roles.nameOf(g.role, g.role_name)}
              {g.tws_id === null ? ` · ${tAdmin('bothSites')}` : ''}
            </Tag>
          ))}
          {u.user_expert === EXPERT_FLAG.expert && !u.roles.some((g) => g.role === 'expert') ? (
            <Tag>{t('expert')}</Tag>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('colStatus'),
      render: (_, u) =>
        u.banned_until ? (
          <Tag color="error" data-testid={`admin-user-banned-${u.user_id}`}>
            {t('statusBanned', { until: adminTime(u.banned_until, uiSite) })}
          </Tag>
        ) : (
          <Tag color="success">{t('statusActive')}</Tag>
        ),
    },
    {
      key: 'level',
      title: t('points'),
      render: (_, u) => `${t('level', { level: u.user_points_level })} · ${u.user_points}`,
    },
    { key: 'joined', title: t('colJoined'), render: (_, u) => adminTime(u.create_time, uiSite) },
    {
      key: 'actions',
      width: 80,
      title: t('colActions'),
      render: (_, u) => (
        <Button type="link" onClick={() => setOpenId(u.user_id)} data-testid={`admin-user-view-${u.user_id}`}>
          {t('view')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="admin-users">
      <Typography.Paragraph type="secondary">{t('usersLead')}</Typography.Paragraph>
      <Flex gap={12} wrap align="center" className="admin-toolbar">
        <Input.Search
          allowClear
          value={keyword}
          maxLength={100}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => setFilters((f) => ({ ...f, keyword: value.trim() || undefined }))}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          style={{ width: 280 }}
          data-testid="admin-users-search"
        />
        <Select
          allowClear
          value={filters.role}
          onChange={(role?: string) => setFilters((f) => ({ ...f, role }))}
          placeholder={t('anyRole')}
          aria-label={t('roleFilter')}
          style={{ minWidth: 160 }}
          options={roles.options.map((r) => ({ value: r.code, label: r.name }))}
          data-testid="admin-users-role"
        />
        <Select
          value={ban}
          onChange={setBanFilter}
          aria-label={t('banFilter')}
          style={{ minWidth: 120 }}
          options={[
            { value: 'any', label: t('anyBan') },
            { value: 'banned', label: t('bannedOnly') },
            { value: 'free', label: t('notBannedOnly') },
          ]}
          data-testid="admin-users-ban"
        />
      </Flex>
      {query.isError && !rows.length ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <>
          <Table<AdminUserItem>
            rowKey="user_id"
            columns={columns}
            dataSource={rows}
            loading={query.isPending || (query.isFetching && !query.isFetchingNextPage)}
            pagination={false}
            scroll={{ x: 960 }}
            locale={{ emptyText: t('empty') }}
            style={{ marginTop: 16 }}
            data-testid="admin-users-table"
          />
          <LoadMore query={query} shown={rows.length} />
        </>
      )}
      <UserDrawer userId={openId} onClose={() => setOpenId(null)} siteLabel={(id) => tAdmin(siteLabelKey(id))} />
    </div>
  );
}
