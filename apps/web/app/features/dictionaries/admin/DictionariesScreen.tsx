import { useState } from 'react';
import { SiteAdminNote } from '~/components/admin/SiteAdminNote';
import { useTranslation } from '~/lib/use-translation';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import {
  adminDictionaryCreate,
  adminDictionaryDelete,
  adminDictionaryList,
  adminDictionaryReorder,
  adminDictionaryUpdate,
  DICTIONARY_KINDS,
  DICTIONARY_RULE,
  dictList,
  type AdminDictionaryEntry,
  type DictionaryKind,
} from '@portal/contracts/dictionaries';
import { STATUS } from '@portal/contracts/envelope';
import { CallMutationError, useCall, useCallMutation } from '~/lib/query/use-call';
import { contractRule } from '~/lib/forms/contract-rules';
import { movedIds } from '~/lib/admin/reorder';

interface Draft {
  dd_id: number;
  label: string;
  value: number | null;
}

/** The server's refusal (e.g. "in use: 3 members, 12 posts"), kept on screen until dismissed. */
function refusalOf(err: unknown): string | null {
  if (!(err instanceof CallMutationError)) return null;
  return String(err.envelope?.status) === String(STATUS.refused) ? (err.envelope?.msg ?? err.message) : null;
}

function KindPanel({ kind }: { kind: DictionaryKind }) {
  const { t } = useTranslation('siteAdmin');
  const query = useCall(adminDictionaryList, { kind });
  // The portal's forms read dict.list: refresh it in this tab too.
  const invalidates = [adminDictionaryList, dictList];
  const create = useCallMutation(adminDictionaryCreate, { invalidates });
  const update = useCallMutation(adminDictionaryUpdate, { invalidates });
  const remove = useCallMutation(adminDictionaryDelete, { invalidates });
  const reorder = useCallMutation(adminDictionaryReorder, { invalidates });
  const [addForm] = Form.useForm<{ label?: string; value?: number | null }>();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const failed = (err: unknown) => setRefusal(refusalOf(err));
  const run = (p: Promise<unknown>) =>
    p.then(
      () => {
        setRefusal(null);
        return true;
      },
      (err: unknown) => {
        failed(err);
        return false;
      },
    );

  const addBody = () => {
    const v = addForm.getFieldsValue(true) as { label?: string; value?: number | null };
    return { kind, label: v.label ?? '', ...(typeof v.value === 'number' ? { value: v.value } : {}) };
  };

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
  const entries = query.data.list;

  const move = (index: number, by: -1 | 1) => {
    const ids = movedIds(
      entries.map((e) => e.dd_id),
      index,
      by,
    );
    void run(reorder.mutateAsync({ kind, ids }));
  };

  const saveDraft = async () => {
    if (!draft) return;
    const entry = entries.find((e) => e.dd_id === draft.dd_id);
    const body = {
      dd_id: draft.dd_id,
      ...(draft.label !== entry?.label ? { label: draft.label } : {}),
      ...(draft.value !== null && draft.value !== entry?.value ? { value: draft.value } : {}),
    };
    if (await run(update.mutateAsync(body))) setDraft(null);
  };

  const columns: ColumnsType<AdminDictionaryEntry> = [
    {
      key: 'order',
      width: 96,
      render: (_, e, i) => (
        <Space size={4}>
          <Button
            size="small"
            aria-label={`${t('moveUp')} ${e.label}`}
            disabled={i === 0 || reorder.isPending}
            onClick={() => move(i, -1)}
            data-testid={`dict-up-${e.dd_id}`}
          >
            ↑
          </Button>
          <Button
            size="small"
            aria-label={`${t('moveDown')} ${e.label}`}
            disabled={i === entries.length - 1 || reorder.isPending}
            onClick={() => move(i, 1)}
            data-testid={`dict-down-${e.dd_id}`}
          >
            ↓
          </Button>
        </Space>
      ),
    },
    {
      title: t('dictionaries.colLabel'),
      key: 'label',
      render: (_, e) =>
        draft?.dd_id === e.dd_id ? (
          <Input
            value={draft.label}
            maxLength={DICTIONARY_RULE.labelMax}
            aria-label={t('dictionaries.colLabel')}
            onChange={(ev) => setDraft({ ...draft, label: ev.target.value })}
            onPressEnter={() => void saveDraft()}
            data-testid="dict-edit-label"
          />
        ) : (
          <span data-testid={`dict-label-${e.dd_id}`}>{e.label}</span>
        ),
    },
    {
      title: t('dictionaries.colValue'),
      key: 'value',
      width: 160,
      render: (_, e) =>
        draft?.dd_id === e.dd_id ? (
          <InputNumber
            value={draft.value}
            min={1}
            max={DICTIONARY_RULE.valueMax}
            precision={0}
            aria-label={t('dictionaries.colValue')}
            onChange={(v) => setDraft({ ...draft, value: typeof v === 'number' ? v : null })}
            data-testid="dict-edit-value"
          />
        ) : (
          e.value
        ),
    },
    { title: t('dictionaries.colId'), dataIndex: 'dd_id', key: 'id', width: 90 },
    {
      title: t('actions'),
      key: 'actions',
      width: 170,
      render: (_, e) =>
        draft?.dd_id === e.dd_id ? (
          <Space>
            <Button
              size="small"
              type="primary"
              loading={update.isPending}
              onClick={() => void saveDraft()}
              data-testid="dict-edit-save"
            >
              {t('save')}
            </Button>
            <Button size="small" onClick={() => setDraft(null)}>
              {t('cancel')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button
              size="small"
              onClick={() => setDraft({ dd_id: e.dd_id, label: e.label, value: e.value })}
              data-testid={`dict-edit-${e.dd_id}`}
            >
              {t('edit')}
            </Button>
            <Popconfirm
              title={t('confirmDelete', { name: e.label })}
              okText={t('delete')}
              cancelText={t('cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => run(remove.mutateAsync({ dd_id: e.dd_id }))}
            >
              <Button size="small" danger data-testid={`dict-delete-${e.dd_id}`}>
                {t('delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <div data-testid={`dict-panel-${kind}`}>
      <Form
        form={addForm}
        layout="inline"
        className="site-admin__toolbar"
        onFinish={() =>
          void run(create.mutateAsync(adminDictionaryCreate.body.parse(addBody()))).then(
            (ok) => ok && addForm.resetFields(),
          )
        }
      >
        <Form.Item name="label" rules={[contractRule(t, adminDictionaryCreate.body, addBody, ['label'])]}>
          <Input
            placeholder={t('dictionaries.newLabel')}
            aria-label={t('dictionaries.newLabel')}
            maxLength={DICTIONARY_RULE.labelMax}
            data-testid="dict-new-label"
          />
        </Form.Item>
        <Form.Item
          name="value"
          tooltip={t('dictionaries.valueHelp')}
          rules={[contractRule(t, adminDictionaryCreate.body, addBody, ['value'])]}
        >
          <InputNumber
            placeholder={t('dictionaries.newValue')}
            aria-label={t('dictionaries.newValue')}
            min={1}
            max={DICTIONARY_RULE.valueMax}
            precision={0}
            style={{ width: 180 }}
            data-testid="dict-new-value"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="dict-add">
            {t('add')}
          </Button>
        </Form.Item>
      </Form>
      {refusal ? (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={refusal}
          className="site-admin__note"
          data-testid="dict-refusal"
        />
      ) : null}
      <Table<AdminDictionaryEntry>
        rowKey="dd_id"
        columns={columns}
        dataSource={entries}
        pagination={false}
        size="middle"
        locale={{ emptyText: t('empty') }}
        onRow={(e) => ({ 'data-testid': `dict-row-${e.dd_id}` }) as object}
      />
    </div>
  );
}

/** The managed site's dictionaries, one tab per kind. */
export function DictionariesScreen() {
  const { t } = useTranslation('siteAdmin');
  const [kind, setKind] = useState<DictionaryKind>('industry');
  return (
    <div className="site-admin" data-testid="dictionaries-screen">
      <SiteAdminNote lead={t('dictionaries.lead')} />
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as DictionaryKind)}
        destroyOnHidden
        items={DICTIONARY_KINDS.map((k) => ({
          key: k,
          label: <span data-testid={`dict-tab-${k}`}>{t(`dictionaries.kinds.${k}`)}</span>,
          children: <KindPanel kind={k} />,
        }))}
      />
    </div>
  );
}
