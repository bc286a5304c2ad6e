import { useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { ADMIN_ROLE, MEMBER_ROLE, type Permission } from '@portal/contracts/permissions';
import {
  adminRolesCreate,
  adminRolesDelete,
  adminRolesList,
  adminRolesUpdate,
  ROLE_NAME_MAX,
  type PermissionInfo,
  type RoleItem,
} from '@portal/contracts/roles';
import { adminUsersDetail, adminUsersList } from '@portal/contracts/members-admin';
import { useCall, useCallMutation } from '~/lib/query/use-call';
import { fieldIssues } from '~/lib/forms/form-issues';
import { useContractForm } from '~/lib/forms/use-contract-form';
import { useShell } from '~/lib/shell';
import { roleName } from '~/lib/admin/role-names';

/** What a role change makes stale: the roles, and the members' grants that name them. */
const ROLE_CALLS = [adminRolesList, adminUsersList, adminUsersDetail];
/**
 * Column widths of the matrix: nine roles still need more than a 1280 px screen has, so the matrix
 * scrolls inside its own box (admin.css), with the permission column and the role names held in view.
 */
const PERMISSION_COLUMN_PX = 200;
const ROLE_COLUMN_PX = 124;

/** Whether a role may carry a permission (the server's rule, so the matrix never offers a refusal). */
function fits(role: RoleItem, permission: PermissionInfo): boolean {
  if (role.code === ADMIN_ROLE) return true;
  if (role.code === MEMBER_ROLE) return permission.member_level;
  if (role.scope_kind) return permission.scope_kind === role.scope_kind;
  return true;
}

interface RoleValues {
  code?: string;
  name_zh?: string;
  name_en?: string;
  permissions?: Permission[];
}

/** A role's names (create: also its code and permissions) in a modal, checked by the call's contract. */
function RoleModal({
  role,
  catalogue,
  onClose,
}: {
  role: RoleItem | 'new';
  catalogue: PermissionInfo[];
  onClose: () => void;
}) {
  const { t } = useTranslation('roles');
  const { site: uiSite } = useShell();
  const creating = role === 'new';
  const contract = creating ? adminRolesCreate : adminRolesUpdate;
  const create = useCallMutation(adminRolesCreate, { invalidates: ROLE_CALLS });
  const update = useCallMutation(adminRolesUpdate, { invalidates: ROLE_CALLS });
  const bodyOf = (v: RoleValues) =>
    creating
      ? { code: v.code ?? '', name_zh: v.name_zh ?? '', name_en: v.name_en ?? '', permissions: v.permissions ?? [] }
      : { code: role.code, name_zh: v.name_zh ?? '', name_en: v.name_en ?? '' };
  const { form, rule, showServerIssues } = useContractForm<RoleValues>((v) => fieldIssues(contract.body, bodyOf(v)));

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as RoleValues;
    try {
      if (creating) {
        const parsed = adminRolesCreate.body.safeParse(bodyOf(values));
        if (!parsed.success) return;
        await create.mutateAsync(parsed.data);
      } else {
        const parsed = adminRolesUpdate.body.safeParse(bodyOf(values));
        if (!parsed.success) return;
        await update.mutateAsync(parsed.data);
      }
      onClose();
    } catch (err) {
      showServerIssues((err as { envelope?: Parameters<typeof showServerIssues>[0] }).envelope, [
        'code',
        'name_zh',
        'name_en',
        'permissions',
      ]);
    }
  };

  return (
    <Modal
      open
      title={creating ? t('newRole') : `${t('editNames')} · ${roleName(role, uiSite.lang)}`}
      okText={creating ? t('create') : t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form<RoleValues>
        form={form}
        layout="vertical"
        initialValues={creating ? { permissions: [] } : { name_zh: role.name_zh, name_en: role.name_en }}
        data-testid="admin-role-form"
      >
        {creating ? (
          <Form.Item
            name="code"
            label={t('code')}
            extra={t('codeHelp')}
            rules={[rule('code')]}
            validateTrigger="onBlur"
          >
            <Input maxLength={32} autoComplete="off" data-testid="admin-role-code" />
          </Form.Item>
        ) : null}
        <Form.Item name="name_zh" label={t('nameZh')} rules={[rule('name_zh')]} validateTrigger="onBlur">
          <Input maxLength={ROLE_NAME_MAX} data-testid="admin-role-name-zh" />
        </Form.Item>
        <Form.Item name="name_en" label={t('nameEn')} rules={[rule('name_en')]} validateTrigger="onBlur">
          <Input maxLength={ROLE_NAME_MAX} data-testid="admin-role-name-en" />
        </Form.Item>
        {creating ? (
          <Form.Item name="permissions" label={t('permissions')} rules={[rule('permissions')]}>
            <Checkbox.Group
              options={catalogue.map((p) => ({ value: p.code, label: uiSite.lang === 'zh' ? p.label_zh : p.label_en }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

/**
 * Roles and permissions: a matrix of every named permission (rows) against every role (columns),
 * where a tick saves the role's new set at once; custom roles are created, renamed and deleted here.
 */
export function RolesScreen() {
  const { t } = useTranslation('roles');
  const { site: uiSite } = useShell();
  const query = useCall(adminRolesList, {});
  const update = useCallMutation(adminRolesUpdate, { invalidates: ROLE_CALLS });
  const remove = useCallMutation(adminRolesDelete, { invalidates: ROLE_CALLS });
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  // A tick shows at once; the server's answer (refetched list) or its refusal settles it.
  const [draft, setDraft] = useState<{ code: string; permissions: string[] } | null>(null);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const { roles, permissions } = query.data;
  const label = (p: PermissionInfo) => (uiSite.lang === 'zh' ? p.label_zh : p.label_en);

  const held = (role: RoleItem) => (draft?.code === role.code ? draft.permissions : role.permissions);
  const toggle = (role: RoleItem, permission: string, on: boolean) => {
    const current = held(role);
    const next = on ? [...current, permission] : current.filter((p) => p !== permission);
    setDraft({ code: role.code, permissions: next });
    update.mutate({ code: role.code, permissions: next as Permission[] }, { onSettled: () => setDraft(null) });
  };

  const columns: ColumnsType<PermissionInfo> = [
    {
      key: 'permission',
      title: t('permission'),
      fixed: 'start',
      width: PERMISSION_COLUMN_PX,
      render: (_, p) => (
        <span>
          {label(p)}
          <br />
          <Typography.Text type="secondary" code>
            {p.code}
          </Typography.Text>
        </span>
      ),
    },
    ...roles.map((role) => ({
      key: role.code,
      width: ROLE_COLUMN_PX,
      align: 'center' as const,
      title: (
        <Flex vertical align="center" gap={4} data-testid={`admin-role-col-${role.code}`}>
          <Typography.Text strong>{roleName(role, uiSite.lang)}</Typography.Text>
          <Flex gap={4} wrap justify="center">
            <Tag>{role.builtin ? t('builtin') : t('custom')}</Tag>
            {role.scope_kind ? (
              <Tag color="purple">{role.scope_kind === 'board' ? t('perBoard') : t('perTopic')}</Tag>
            ) : null}
          </Flex>
          <Typography.Text type="secondary">{t('holders', { count: role.holders })}</Typography.Text>
          <Flex gap={4}>
            <Button
              size="small"
              type="link"
              onClick={() => setEditing(role)}
              data-testid={`admin-role-rename-${role.code}`}
            >
              {t('editNames')}
            </Button>
            {!role.builtin ? (
              <Popconfirm
                title={t('deleteConfirm', { role: roleName(role, uiSite.lang), count: role.holders })}
                okText={t('delete')}
                cancelText={t('cancel')}
                onConfirm={() => remove.mutateAsync({ code: role.code }).catch(() => undefined)}
              >
                <Button size="small" type="link" danger data-testid={`admin-role-delete-${role.code}`}>
                  {t('delete')}
                </Button>
              </Popconfirm>
            ) : null}
          </Flex>
        </Flex>
      ),
      render: (_: unknown, p: PermissionInfo) => {
        const checked = held(role).includes(p.code);
        const allowed = fits(role, p);
        const box = (
          <Checkbox
            checked={checked}
            disabled={!role.editable || !allowed || update.isPending}
            onChange={(e) => toggle(role, p.code, e.target.checked)}
            aria-label={`${roleName(role, uiSite.lang)}: ${label(p)}`}
            data-testid={`admin-perm-${role.code}-${p.code}`}
          />
        );
        if (!role.editable) return <Tooltip title={t('adminAll')}>{box}</Tooltip>;
        if (!allowed) return <Tooltip title={t('notApplicable')}>{box}</Tooltip>;
        return box;
      },
    })),
  ];

  return (
    <div data-testid="admin-roles">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          {t('lead')} {t('memberNote')}
        </Typography.Text>
        <Button type="primary" onClick={() => setEditing('new')} data-testid="admin-role-new">
          {t('newRole')}
        </Button>
      </Flex>
      <Table<PermissionInfo>
        rowKey="code"
        size="small"
        bordered
        columns={columns}
        dataSource={permissions}
        pagination={false}
        scroll={{ x: PERMISSION_COLUMN_PX + ROLE_COLUMN_PX * roles.length }}
        className="admin-roles-matrix"
        data-testid="admin-roles-matrix"
      />
      {editing ? <RoleModal role={editing} catalogue={permissions} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
