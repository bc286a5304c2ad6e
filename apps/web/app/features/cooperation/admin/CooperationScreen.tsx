import { useState } from 'react';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { z } from '@portal/contracts/zod';
import {
  adminCooperationDelete,
  adminCooperationGet,
  adminCooperationItemSchema,
  adminCooperationList,
  adminCooperationSave,
  adminPartnerAddMember,
  adminPartnerList,
  adminPartnerMembers,
  adminPartnerRemoveMember,
  adminPartnerSave,
  COOPERATION_KINDS,
  COOPERATION_RULE,
  cooperationInfo,
  cooperationList,
  cooperationPagePath,
  partnerDirectory,
  type CooperationKind,
} from '@portal/contracts/cooperation';
import { cooperationBackOfficeCatalogues, cooperationCatalogues } from '@portal/locales/cooperation';
import { uploadCooperationCover } from '@portal/contracts/cooperation-admin';
import { LoadMore } from '~/components/admin/LoadMore';
import { LazyRichTextEditor } from '~/components/editor/LazyRichTextEditor';
import { SiteImageUpload } from '~/components/upload/SiteImageUpload';
import { Avatar } from '~/components/Avatar';
import { AttachmentUpload, type FormAttachment } from '~/components/upload/AttachmentUpload';
import { useAdminSite } from '~/lib/admin/admin-context';
import { contractRule } from '~/lib/forms/contract-rules';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';
import { addTexts } from '~/lib/i18n';
import { useCall, useCallMutation, useCallPages } from '~/lib/query/use-call';
import { useTranslation } from '~/lib/use-translation';

addTexts(cooperationCatalogues);
addTexts(cooperationBackOfficeCatalogues);

const R = COOPERATION_RULE;
type PageItem = z.infer<typeof adminCooperationItemSchema>;
type PartnerItem = z.infer<typeof adminPartnerSave.data>;

interface FileValue {
  attachment_id: number;
  title: string;
  partner_only: boolean;
  size: number;
}

interface PageValues {
  kind: CooperationKind;
  title: string;
  summary: string;
  cover_url: string;
  body_html: string;
  sort: number;
  published: boolean;
  version_of: number | null;
}

/** The page editor: fields, rich text as HTML (sanitised on the server), downloads, and the linked version. */
function PageDrawer({ id, onClose }: { id: number | 'new'; onClose: () => void }) {
  const { t } = useTranslation('cooperationAdmin');
  const { t: tc } = useTranslation('cooperation');
  const { site } = useAdminSite();
  const existing = useCall(adminCooperationGet, { id: id === 'new' ? 1 : id }, { enabled: id !== 'new' });
  const page = id === 'new' ? null : existing.data;
  const [form] = Form.useForm<PageValues>();
  const [files, setFiles] = useState<FileValue[] | null>(null);
  const shownFiles = files ?? page?.files ?? [];
  const save = useCallMutation(adminCooperationSave, {
    invalidates: [adminCooperationList, adminCooperationGet, cooperationList, cooperationInfo],
  });
  const body = () => {
    const v = form.getFieldsValue(true) as PageValues;
    return {
      ...(id === 'new' ? {} : { id }),
      ...v,
      version_of: v.version_of ?? null,
      files: shownFiles.map((f) => ({ attachment_id: f.attachment_id, title: f.title, partner_only: f.partner_only })),
    };
  };
  const rule = (field: keyof PageValues) => contractRule(t, adminCooperationSave.body, body, [field]);
  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync(body() as never);
      onClose();
    } catch (err) {
      form.setFields(serverFieldErrors(err, (field) => (field in form.getFieldsValue(true) ? field : null)));
    }
  };
  const uploads: FormAttachment[] = shownFiles.map((f) => ({
    att_id: f.attachment_id,
    att_title: f.title,
    att_url: '',
    att_size: f.size,
  }));
  const onUploads = (list: FormAttachment[]) =>
    setFiles(
      list.map((a) => {
        const known = shownFiles.find((f) => f.attachment_id === a.att_id);
        return known ?? { attachment_id: a.att_id, title: a.att_title, partner_only: false, size: a.att_size };
      }),
    );
  const editFile = (index: number, change: Partial<FileValue>) =>
    setFiles(shownFiles.map((f, i) => (i === index ? { ...f, ...change } : f)));

  const ready = id === 'new' || page;
  return (
    <Drawer
      open
      width={760}
      title={id === 'new' ? t('newPage') : t('editPage')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="coop-admin-save">
          {t('save')}
        </Button>
      }
    >
      {ready ? (
        <Form<PageValues>
          form={form}
          layout="vertical"
          data-testid="coop-admin-form"
          initialValues={{
            kind: page?.kind ?? 'programme',
            title: page?.title ?? '',
            summary: page?.summary ?? '',
            cover_url: page?.cover_url ?? '',
            body_html: page?.body_html ?? '',
            sort: page?.sort ?? 0,
            published: page?.published ?? true,
            version_of: page?.versions[0]?.id ?? null,
          }}
        >
          <Form.Item name="kind" label={t('kind')} rules={[rule('kind')]}>
            <Select options={COOPERATION_KINDS.map((k) => ({ value: k, label: tc(`kinds.${k}`) }))} />
          </Form.Item>
          <Form.Item name="title" label={t('title')} required rules={[rule('title')]}>
            <Input maxLength={R.titleMax} data-testid="coop-admin-title" />
          </Form.Item>
          <Form.Item name="summary" label={t('summary')} rules={[rule('summary')]}>
            <Input.TextArea rows={2} maxLength={R.summaryMax} showCount />
          </Form.Item>
          <Form.Item name="cover_url" label={t('cover')} rules={[rule('cover_url')]}>
            <SiteImageUpload call={uploadCooperationCover} label={t('uploadCover')} testId="coop-admin-cover" />
          </Form.Item>
          <Form.Item name="body_html" label={t('body')} rules={[rule('body_html')]}>
            <LazyRichTextEditor height={300} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="sort" label={t('sort')} rules={[rule('sort')]}>
              <InputNumber min={0} max={R.sortMax} precision={0} />
            </Form.Item>
            <Form.Item name="published" label={t('published')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="version_of" label={t('versionOf')} rules={[rule('version_of')]}>
              <InputNumber min={1} precision={0} placeholder={t('versionNone')} style={{ width: 200 }} />
            </Form.Item>
          </Space>
          <Form.Item label={t('files')}>
            <AttachmentUpload value={uploads} onChange={onUploads} limit={R.filesMax} />
            <ul className="coop-admin-files" data-testid="coop-admin-files">
              {shownFiles.map((f, i) => (
                <li key={f.attachment_id}>
                  <Input
                    value={f.title}
                    maxLength={R.fileTitleMax}
                    onChange={(e) => editFile(i, { title: e.target.value })}
                    aria-label={t('fileTitle')}
                    style={{ width: 360 }}
                  />{' '}
                  <Checkbox
                    checked={f.partner_only}
                    onChange={(e) => editFile(i, { partner_only: e.target.checked })}
                    data-testid="coop-admin-partner-only"
                  >
                    {t('partnerOnly')}
                  </Checkbox>
                </li>
              ))}
            </ul>
          </Form.Item>
          {page ? (
            <a href={cooperationPagePath(site.prefix, page.id)} target="_blank" rel="noreferrer">
              {t('view')}
            </a>
          ) : null}
        </Form>
      ) : null}
    </Drawer>
  );
}

function PagesTab() {
  const { t } = useTranslation('cooperationAdmin');
  const { t: tc } = useTranslation('cooperation');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = useCall(adminCooperationList, {});
  const remove = useCallMutation(adminCooperationDelete, { invalidates: [adminCooperationList, cooperationList] });
  const columns: ColumnsType<PageItem> = [
    { key: 'kind', title: t('kind'), render: (_, p) => tc(`kinds.${p.kind}`) },
    { key: 'title', title: t('title'), dataIndex: 'title' },
    { key: 'sort', title: t('sort'), dataIndex: 'sort' },
    {
      key: 'published',
      title: t('published'),
      render: (_, p) => (p.published ? <Tag color="success">{t('published')}</Tag> : <Tag>{t('draft')}</Tag>),
    },
    {
      key: 'files',
      title: t('files'),
      render: (_, p) => `${p.file_count} / ${p.partner_file_count} ${t('partnerOnly')}`,
    },
    {
      key: 'actions',
      title: '',
      render: (_, p) => (
        <Space>
          <Button type="link" onClick={() => setEditing(p.id)} data-testid={`coop-admin-edit-${p.id}`}>
            {t('editPage')}
          </Button>
          <Popconfirm
            title={t('confirmDelete', { title: p.title })}
            onConfirm={() => remove.mutateAsync({ id: p.id }).catch(() => undefined)}
          >
            <Button type="link" danger>
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <div className="admin-toolbar">
        <Button type="primary" onClick={() => setEditing('new')} data-testid="coop-admin-new">
          {t('newPage')}
        </Button>
      </div>
      <Table<PageItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        pagination={false}
        locale={{ emptyText: t('empty') }}
      />
      {editing !== null ? <PageDrawer id={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

interface PartnerValues {
  name: string;
  website: string;
  summary: string;
  listed: boolean;
}

function PartnerDialog({ partner, onClose }: { partner: PartnerItem | 'new'; onClose: () => void }) {
  const { t } = useTranslation('cooperationAdmin');
  const [form] = Form.useForm<PartnerValues>();
  const save = useCallMutation(adminPartnerSave, { invalidates: [adminPartnerList, partnerDirectory] });
  const body = () => ({
    ...(partner === 'new' ? {} : { id: partner.id }),
    ...(form.getFieldsValue(true) as PartnerValues),
  });
  const rule = (field: keyof PartnerValues) => contractRule(t, adminPartnerSave.body, body, [field]);
  const submit = async () => {
    try {
      await form.validateFields();
      await save.mutateAsync(body());
      onClose();
    } catch (err) {
      form.setFields(serverFieldErrors(err, (field) => (field === 'name' || field === 'website' ? field : null)));
    }
  };
  const current = partner === 'new' ? null : partner;
  return (
    <Modal
      open
      title={current ? t('editPartner') : t('newPartner')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<PartnerValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: current?.name ?? '',
          website: current?.website ?? '',
          summary: current?.summary ?? '',
          listed: current?.listed ?? true,
        }}
      >
        <Form.Item name="name" label={t('name')} required rules={[rule('name')]}>
          <Input maxLength={R.companyMax} data-testid="coop-partner-name" />
        </Form.Item>
        <Form.Item name="website" label={t('website')} rules={[rule('website')]}>
          <Input maxLength={R.websiteMax} placeholder="https://" />
        </Form.Item>
        <Form.Item name="summary" label={t('summary')} rules={[rule('summary')]}>
          <Input.TextArea rows={3} maxLength={R.summaryMax} showCount />
        </Form.Item>
        <Form.Item name="listed" label={t('listed')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A partner company's members: add by member id and remove, each with a note the member is told. */
function MembersDrawer({ partner, onClose }: { partner: PartnerItem; onClose: () => void }) {
  const { t } = useTranslation('cooperationAdmin');
  const members = useCall(adminPartnerMembers, { company_id: partner.id });
  const invalidates = [adminPartnerMembers, adminPartnerList, partnerDirectory];
  const add = useCallMutation(adminPartnerAddMember, { invalidates });
  const remove = useCallMutation(adminPartnerRemoveMember, { invalidates });
  const [userId, setUserId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  return (
    <Drawer open width={560} title={`${t('members')}: ${partner.name}`} onClose={onClose} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <InputNumber
            min={1}
            precision={0}
            placeholder={t('memberId')}
            value={userId}
            onChange={(v) => setUserId(typeof v === 'number' ? v : null)}
            data-testid="coop-member-id"
          />
          <Input
            placeholder={t('reason')}
            maxLength={R.reasonMax}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            style={{ width: 240 }}
          />
          <Button
            type="primary"
            disabled={userId === null}
            loading={add.isPending}
            onClick={() =>
              userId !== null &&
              void add
                .mutateAsync({ company_id: partner.id, user_id: userId, reason })
                .then(() => setUserId(null))
                .catch(() => undefined)
            }
            data-testid="coop-member-add"
          >
            {t('addMember')}
          </Button>
        </Space>
        <ul className="coop-admin-members" data-testid="coop-members">
          {(members.data?.list ?? []).map((m) => (
            <li key={m.user_id}>
              <Avatar user={m} size={24} /> {m.user_nick_name} <span className="admin-muted">#{m.user_id}</span>{' '}
              <Popconfirm
                title={t('remove')}
                onConfirm={() =>
                  remove.mutateAsync({ company_id: partner.id, user_id: m.user_id, reason }).catch(() => undefined)
                }
              >
                <Button type="link" danger size="small">
                  {t('remove')}
                </Button>
              </Popconfirm>
            </li>
          ))}
        </ul>
      </Space>
    </Drawer>
  );
}

function PartnersTab() {
  const { t } = useTranslation('cooperationAdmin');
  const query = useCallPages(adminPartnerList, { limit: 50 });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const [editing, setEditing] = useState<PartnerItem | 'new' | null>(null);
  const [membersOf, setMembersOf] = useState<PartnerItem | null>(null);
  const columns: ColumnsType<PartnerItem> = [
    { key: 'name', title: t('name'), dataIndex: 'name' },
    { key: 'website', title: t('website'), dataIndex: 'website' },
    { key: 'members', title: t('memberCount'), dataIndex: 'member_count' },
    { key: 'listed', title: t('listed'), render: (_, p) => (p.listed ? <Tag color="success">✓</Tag> : <Tag>-</Tag>) },
    {
      key: 'actions',
      title: '',
      render: (_, p) => (
        <Space>
          <Button type="link" onClick={() => setEditing(p)}>
            {t('editPartner')}
          </Button>
          <Button type="link" onClick={() => setMembersOf(p)} data-testid={`coop-partner-members-${p.id}`}>
            {t('members')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <div className="admin-toolbar">
        <Button type="primary" onClick={() => setEditing('new')} data-testid="coop-partner-new">
          {t('newPartner')}
        </Button>
      </div>
      <Table<PartnerItem>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={query.isPending}
        pagination={false}
      />
      <LoadMore query={query} shown={rows.length} />
      {editing ? <PartnerDialog partner={editing} onClose={() => setEditing(null)} /> : null}
      {membersOf ? <MembersDrawer partner={membersOf} onClose={() => setMembersOf(null)} /> : null}
    </>
  );
}

/**
 * The back office's cooperation (/admin/cooperation, issue 21 item 6, decision 045): the managed
 * site's cooperation pages (kind, order, rich text, downloads and which are partner-only, the
 * linked version on the other site) and the partner companies with their members. Applications
 * are decided in the review queue.
 */
export function CooperationScreen() {
  const { t } = useTranslation('cooperationAdmin');
  const [tab, setTab] = useState<'pages' | 'partners'>('pages');
  return (
    <section className="admin-screen" data-testid="cooperation-admin">
      <Segmented
        value={tab}
        onChange={(v) => setTab(v as 'pages' | 'partners')}
        options={[
          { value: 'pages', label: t('pagesTab') },
          { value: 'partners', label: t('partnersTab') },
        ]}
      />
      {tab === 'pages' ? <PagesTab /> : <PartnersTab />}
    </section>
  );
}
