import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import { adminMvpEnd, adminMvpGrant, adminMvpList, adminMvpTerm, MVP_RULE } from '@portal/contracts/mvp';
import { type MvpAwardItem } from '@portal/contracts/mvp-awards';
import { LoadMore } from '~/components/admin/LoadMore';
import { Avatar } from '~/components/Avatar';
import { useFormatTime } from '~/lib/format';
import { fieldIssues, i18nKey } from '~/lib/forms/form-issues';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';
import { useCallMutation, useCallPages } from '~/lib/query/use-call';
import { useTranslation } from '~/lib/use-translation';

const PAGE_SIZE = 20;

type Action = { kind: 'grant' } | { kind: 'move' | 'end'; item: MvpAwardItem };

interface TermValues {
  user_id?: number;
  end?: Dayjs;
  reason?: string;
}

const CONTRACTS = { grant: adminMvpGrant, move: adminMvpTerm, end: adminMvpEnd } as const;

/** The grant, change-end or end dialog: the member (grant), the term's last day, the note the member is told. */
function TermDialog({ action, onClose }: { action: Action; onClose: () => void }) {
  const { t } = useTranslation('mvpAdmin');
  const [form] = Form.useForm<TermValues>();
  const contract = CONTRACTS[action.kind];
  const mutation = useCallMutation(contract, { invalidates: [adminMvpList] });
  const bodyOf = (v: TermValues) => {
    const userId = action.kind === 'grant' ? v.user_id : action.item.user_id;
    const end = v.end ? v.end.endOf('day').toISOString() : '';
    const reason = (v.reason ?? '').trim();
    if (action.kind === 'grant') return { user_id: userId, reason, end_time: end };
    if (action.kind === 'move') return { user_id: userId, end_time: end };
    return { user_id: userId, reason };
  };
  const check = (field: 'user_id' | 'end_time' | 'reason') => ({
    validator: async () => {
      const issue = fieldIssues(contract.body, bodyOf(form.getFieldsValue(true) as TermValues)).find(
        (i) => i.field === field,
      );
      if (issue) throw new Error(t(i18nKey(issue.key)));
    },
  });
  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      await mutation.mutateAsync(bodyOf(form.getFieldsValue(true) as TermValues) as never);
      onClose();
    } catch (err) {
      form.setFields(
        serverFieldErrors(err, (field) =>
          field === 'reason' || field === 'user_id' ? field : field === 'end_time' ? 'end' : null,
        ),
      );
    }
  };
  const nick = action.kind === 'grant' ? '' : action.item.user_nick_name;
  const title =
    action.kind === 'grant' ? t('grantTitle') : t(action.kind === 'move' ? 'moveTitle' : 'endTitle', { nick });
  const initialEnd = action.kind === 'move' ? dayjs(action.item.end_time) : dayjs().add(MVP_RULE.termMonths, 'month');
  return (
    <Modal
      open
      title={title}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ end: initialEnd }} data-testid="mvp-term-form">
        {action.kind === 'grant' ? (
          <Form.Item name="user_id" label={t('userId')} required rules={[check('user_id')]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="mvp-grant-user" />
          </Form.Item>
        ) : null}
        {action.kind !== 'end' ? (
          <Form.Item name="end" label={t('endTime')} required rules={[check('end_time')]}>
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
              data-testid="mvp-term-end"
            />
          </Form.Item>
        ) : null}
        {action.kind !== 'move' ? (
          <Form.Item name="reason" label={t('reason')} required rules={[check('reason')]}>
            <Input.TextArea rows={3} showCount maxLength={MVP_RULE.reasonMax} data-testid="mvp-term-reason" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

/**
 * The back office's MVP terms (decision 044), under the resident experts: members with a current
 * term, ending soonest first; grant with an end, change the end, or end a term with a note the
 * member is told. MVP applications are decided in the review queue.
 */
export function MvpAdminSection() {
  const { t } = useTranslation('mvpAdmin');
  const format = useFormatTime();
  const [action, setAction] = useState<Action | null>(null);
  const query = useCallPages(adminMvpList, { limit: PAGE_SIZE });
  const rows = query.data?.pages.flatMap((page) => page.list) ?? [];

  const columns: ColumnsType<MvpAwardItem> = [
    {
      key: 'member',
      title: t('member'),
      render: (_, item) => (
        <span className="admin-member">
          <Avatar user={item} size={28} /> {item.user_nick_name} <span className="admin-muted">#{item.user_id}</span>
        </span>
      ),
    },
    { key: 'year', title: t('year'), dataIndex: 'year' },
    { key: 'start', title: t('start'), render: (_, item) => format(item.start_time) },
    { key: 'end', title: t('end'), render: (_, item) => format(item.end_time) },
    {
      key: 'actions',
      title: t('actions'),
      render: (_, item) => (
        <Space>
          <Button
            type="link"
            onClick={() => setAction({ kind: 'move', item })}
            data-testid={`mvp-move-${item.user_id}`}
          >
            {t('move')}
          </Button>
          <Button
            type="link"
            danger
            onClick={() => setAction({ kind: 'end', item })}
            data-testid={`mvp-end-${item.user_id}`}
          >
            {t('endNow')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section className="admin-screen" data-testid="mvp-admin" aria-labelledby="mvp-admin-title">
      <h2 id="mvp-admin-title">{t('sectionTitle')}</h2>
      <p className="admin-muted">{t('sectionLead')}</p>
      <div className="admin-toolbar">
        <Button type="primary" onClick={() => setAction({ kind: 'grant' })} data-testid="mvp-grant">
          {t('grant')}
        </Button>
      </div>
      <Table<MvpAwardItem>
        rowKey="award_id"
        columns={columns}
        dataSource={rows}
        loading={query.isPending}
        pagination={false}
        locale={{ emptyText: t('empty') }}
      />
      <LoadMore query={query} shown={rows.length} />
      {action ? <TermDialog action={action} onClose={() => setAction(null)} /> : null}
    </section>
  );
}
