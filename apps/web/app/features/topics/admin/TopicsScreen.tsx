import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { topicPageList } from '@portal/contracts/topics';
import {
  adminTopicArchive,
  adminTopicCreate,
  adminTopicList,
  adminTopicReorder,
  adminTopicUpdate,
  TOPIC_ADMIN_RULE,
  uploadTopicCover,
  type AdminTopic,
} from '@portal/contracts/topics-admin';
import { SiteAdminNote } from '~/components/admin/SiteAdminNote';
import { SiteImageUpload } from '~/components/upload/SiteImageUpload';
import { movedIds } from '~/lib/admin/reorder';
import { contractRule } from '~/lib/forms/contract-rules';
import { useCall, useCallMutation } from '~/lib/query/use-call';
import { useTranslation } from '~/lib/use-translation';
import { adminPath } from '~/lib/admin/admin-page';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';

interface FormValues {
  tt_title?: string;
  tt_desc?: string;
  tt_cover_url?: string;
  tt_sort?: number | null;
}

const FORM_FIELDS: ReadonlyArray<keyof FormValues> = ['tt_title', 'tt_desc', 'tt_cover_url', 'tt_sort'];

const bodyOf = (values: FormValues) => ({
  tt_title: values.tt_title ?? '',
  tt_desc: values.tt_desc ?? '',
  tt_cover_url: values.tt_cover_url ?? '',
  ...(typeof values.tt_sort === 'number' ? { tt_sort: values.tt_sort } : {}),
});

/** What a topic write makes stale: this screen's list and the portal's topic list (if this tab has it). */
const TOPIC_CALLS = [adminTopicList, topicPageList];

/** Adds or edits one topic in a dialog; the server's 40001 messages land on their fields. */
function TopicDialog({ topic, onClose }: { topic: AdminTopic | 'new'; onClose: () => void }) {
  const { t } = useTranslation('siteAdmin');
  const [form] = Form.useForm<FormValues>();
  const create = useCallMutation(adminTopicCreate, { invalidates: TOPIC_CALLS });
  const update = useCallMutation(adminTopicUpdate, { invalidates: TOPIC_CALLS });
  const editing = topic === 'new' ? null : topic;
  const schema = editing ? adminTopicUpdate.body : adminTopicCreate.body;
  const body = () => ({
    ...(editing ? { tt_id: editing.tt_id } : {}),
    ...bodyOf(form.getFieldsValue(true) as FormValues),
  });
  const rule = (field: keyof FormValues) => contractRule(t, schema, body, [field]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = bodyOf(form.getFieldsValue(true) as FormValues);
    try {
      if (editing) await update.mutateAsync({ tt_id: editing.tt_id, ...values });
      else await create.mutateAsync(values);
      onClose();
    } catch (err) {
      form.setFields(
        serverFieldErrors(err, (field) => (FORM_FIELDS.includes(field as keyof FormValues) ? field : null)),
      );
    }
  };

  const initial: FormValues = editing
    ? {
        tt_title: editing.tt_title,
        tt_desc: editing.tt_desc,
        tt_cover_url: editing.tt_cover_url,
        tt_sort: editing.tt_sort,
      }
    : { tt_desc: '', tt_cover_url: '' };

  return (
    <Modal
      open
      title={editing ? t('topics.editTitle') : t('topics.create')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} data-testid="topic-form">
        <Form.Item name="tt_title" label={t('topics.fieldTitle')} rules={[rule('tt_title')]}>
          <Input maxLength={TOPIC_ADMIN_RULE.titleMax} showCount data-testid="topic-form-title" />
        </Form.Item>
        <Form.Item name="tt_desc" label={t('topics.fieldDesc')} rules={[rule('tt_desc')]}>
          <Input.TextArea maxLength={TOPIC_ADMIN_RULE.descMax} rows={3} data-testid="topic-form-desc" />
        </Form.Item>
        <Form.Item name="tt_cover_url" label={t('topics.fieldCover')} rules={[rule('tt_cover_url')]}>
          <SiteImageUpload call={uploadTopicCover} label={t('topics.upload')} testId="topic-form-cover" />
        </Form.Item>
        <Form.Item name="tt_sort" label={t('topics.fieldSort')} rules={[rule('tt_sort')]}>
          <InputNumber min={0} max={TOPIC_ADMIN_RULE.sortMax} precision={0} data-testid="topic-form-sort" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The managed site's topics: order, figures, archive; add and edit; hosts on the roles screen. */
export function TopicsScreen() {
  const { t } = useTranslation('siteAdmin');
  const query = useCall(adminTopicList, {});
  const reorder = useCallMutation(adminTopicReorder, { invalidates: TOPIC_CALLS });
  const archive = useCallMutation(adminTopicArchive, { invalidates: TOPIC_CALLS });
  const [dialog, setDialog] = useState<AdminTopic | 'new' | null>(null);

  if (query.isPending) return <Table loading columns={[]} dataSource={[]} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const topics = query.data.list;
  const move = (index: number, by: -1 | 1) =>
    reorder
      .mutateAsync({
        ids: movedIds(
          topics.map((x) => x.tt_id),
          index,
          by,
        ),
      })
      .catch(() => undefined);

  const columns: ColumnsType<AdminTopic> = [
    {
      key: 'order',
      width: 96,
      render: (_, x, i) => (
        <Space size={4}>
          <Button
            size="small"
            aria-label={`${t('moveUp')} ${x.tt_title}`}
            disabled={i === 0 || reorder.isPending}
            onClick={() => void move(i, -1)}
          >
            ↑
          </Button>
          <Button
            size="small"
            aria-label={`${t('moveDown')} ${x.tt_title}`}
            disabled={i === topics.length - 1 || reorder.isPending}
            onClick={() => void move(i, 1)}
          >
            ↓
          </Button>
        </Space>
      ),
    },
    {
      title: t('topics.colTopic'),
      key: 'topic',
      render: (_, x) => (
        <Space>
          {x.tt_cover_url ? <img src={x.tt_cover_url} alt="" width={64} loading="lazy" /> : null}
          <div>
            <div>{x.tt_title}</div>
            <div className="site-admin__muted">{x.tt_desc}</div>
          </div>
        </Space>
      ),
    },
    {
      title: t('topics.colFigures'),
      key: 'figures',
      width: 140,
      render: (_, x) => `${x.tt_article_count} / ${x.tt_follower_count}`,
    },
    {
      title: t('topics.colState'),
      key: 'state',
      width: 100,
      render: (_, x) => (
        <Tag color={x.is_archived ? 'default' : 'green'}>{x.is_archived ? t('topics.archived') : t('topics.open')}</Tag>
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 260,
      render: (_, x) => (
        <Space wrap>
          <Button size="small" onClick={() => setDialog(x)} data-testid={`topic-edit-${x.tt_id}`}>
            {t('edit')}
          </Button>
          <Button
            size="small"
            onClick={() =>
              void archive.mutateAsync({ tt_id: x.tt_id, archived: !x.is_archived }).catch(() => undefined)
            }
            data-testid={`topic-archive-${x.tt_id}`}
          >
            {x.is_archived ? t('topics.unarchive') : t('topics.archive')}
          </Button>
          <a href={adminPath({ path: 'roles' })} title={t('topics.hostsHelp')}>
            {t('topics.hosts')}
          </a>
        </Space>
      ),
    },
  ];

  return (
    <div className="site-admin" data-testid="topics-screen">
      <SiteAdminNote lead={t('topics.lead')} />
      <div className="site-admin__toolbar">
        <Button type="primary" onClick={() => setDialog('new')} data-testid="topic-add">
          {t('topics.create')}
        </Button>
      </div>
      <Table<AdminTopic>
        rowKey="tt_id"
        columns={columns}
        dataSource={topics}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        loading={query.isFetching && !query.isPending}
        scroll={{ x: 800 }}
      />
      {dialog !== null ? <TopicDialog topic={dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
