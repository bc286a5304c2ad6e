import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Table, { type ColumnsType } from 'antd/es/table';
import {
  adminExpertGrant,
  adminExpertList,
  adminExpertRevoke,
  EXPERT_APPLICATION_RULE,
  type AdminExpertItem,
} from '@portal/contracts/expert-applications';
import { LoadMore } from '~/components/admin/LoadMore';
import { Avatar } from '~/components/Avatar';
import { useFormatTime } from '~/lib/format';
import { fieldIssues, i18nKey } from '~/lib/forms/form-issues';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';
import { useCallMutation, useCallPages } from '~/lib/query/use-call';
import { useTranslation } from '~/lib/use-translation';

const PAGE_SIZE = 20;

interface DecisionValues {
  user_id?: number;
  reason: string;
}

/** The grant or revoke dialog: the member (for a grant) and the note the member is told. */
function DecisionDialog(props: { target: AdminExpertItem | 'grant'; onClose: () => void }) {
  const { t } = useTranslation('expertsAdmin');
  const [form] = Form.useForm<DecisionValues>();
  const grant = props.target === 'grant';
  const contract = grant ? adminExpertGrant : adminExpertRevoke;
  const mutation = useCallMutation(contract, { invalidates: [adminExpertList] });
  const bodyOf = (v: Partial<DecisionValues>) => ({
    user_id: grant ? v.user_id : (props.target as AdminExpertItem).user_id,
    reason: (v.reason ?? '').trim(),
  });
  const check = (field: 'user_id' | 'reason') => ({
    validator: async () => {
      const issue = fieldIssues(contract.body, bodyOf(form.getFieldsValue(true) as Partial<DecisionValues>)).find(
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
      await mutation.mutateAsync(bodyOf(form.getFieldsValue(true) as Partial<DecisionValues>) as never);
      props.onClose();
    } catch (err) {
      form.setFields(serverFieldErrors(err, (field) => (field === 'reason' || field === 'user_id' ? field : null)));
    }
  };
  return (
    <Modal
      open
      title={grant ? t('grantTitle') : t('revokeTitle', { nick: (props.target as AdminExpertItem).user_nick_name })}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => void submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="expert-decision-form">
        {grant ? (
          <Form.Item name="user_id" label={t('userId')} required rules={[check('user_id')]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="expert-grant-user" />
          </Form.Item>
        ) : null}
        <Form.Item name="reason" label={t('reason')} required rules={[check('reason')]}>
          <Input.TextArea
            rows={3}
            showCount
            maxLength={EXPERT_APPLICATION_RULE.reasonMax}
            data-testid="expert-decision-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The back office's resident experts (/admin/experts, issue 21 item 6): the list, newest member
 * first, with "load more"; grant by member id and revoke, each with a note the member is told in an
 * in-site message. Applications are decided in the review queue.
 */
export function ExpertsAdminScreen() {
  const { t } = useTranslation('expertsAdmin');
  const format = useFormatTime();
  const [dialog, setDialog] = useState<AdminExpertItem | 'grant' | null>(null);
  const query = useCallPages(adminExpertList, { limit: PAGE_SIZE });
  const rows = query.data?.pages.flatMap((page) => page.list) ?? [];

  const columns: ColumnsType<AdminExpertItem> = [
    {
      key: 'member',
      title: t('member'),
      render: (_, item) => (
        <span className="admin-member">
          <Avatar user={item} size={28} /> {item.user_nick_name} <span className="admin-muted">#{item.user_id}</span>
        </span>
      ),
    },
    { key: 'company', title: t('company'), dataIndex: 'user_company' },
    { key: 'job', title: t('jobTitle'), dataIndex: 'user_job_title' },
    { key: 'since', title: t('since'), render: (_, item) => (item.since ? format(item.since) : '-') },
    {
      key: 'actions',
      title: t('actions'),
      render: (_, item) => (
        <Button type="link" danger onClick={() => setDialog(item)} data-testid={`expert-revoke-${item.user_id}`}>
          {t('revoke')}
        </Button>
      ),
    },
  ];

  return (
    <section className="admin-screen" data-testid="experts-admin">
      <p className="admin-muted">{t('screenLead')}</p>
      <div className="admin-toolbar">
        <Button type="primary" onClick={() => setDialog('grant')} data-testid="expert-grant">
          {t('grant')}
        </Button>
      </div>
      <Table<AdminExpertItem>
        rowKey="user_id"
        columns={columns}
        dataSource={rows}
        loading={query.isPending}
        pagination={false}
        locale={{ emptyText: t('empty') }}
      />
      <LoadMore query={query} shown={rows.length} />
      {dialog ? <DecisionDialog target={dialog} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
