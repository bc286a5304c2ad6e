import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import {
  adminPointsRules,
  adminPointsUpdateRule,
  POINT_RULE_LIMITS,
  pointsRuleInputSchema,
  type PointsRuleRow,
} from '@portal/contracts/points-admin';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { SiteAdminNote } from '~/components/admin/SiteAdminNote';
import { useAdminSite } from '~/lib/admin/admin-context';
import { contractRule } from '~/lib/forms/contract-rules';
import { useFormatTime } from '~/lib/format';
import { addTexts } from '~/lib/i18n';
import { useCall, useCallMutation } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';

// The rules' names are the personal centre's (its points history names them too): one wording.
addTexts(personalCentreCatalogues);

interface Values {
  amount: number;
  capped: boolean;
  daily_cap: number | null;
  enabled: boolean;
}

type Field = 'amount' | 'daily_cap' | 'enabled';

function RuleEditor({ rule, onClose }: { rule: PointsRuleRow; onClose: () => void }) {
  const { t } = useTranslation('pointsAdmin');
  const [form] = Form.useForm<Values>();
  const save = useCallMutation(adminPointsUpdateRule, { invalidates: [adminPointsRules] });
  const capped = Form.useWatch('capped', form) ?? rule.daily_cap !== null;
  const body = () => {
    const v = form.getFieldsValue(true) as Values;
    return {
      rule: rule.rule,
      amount: v.amount,
      daily_cap: v.capped ? v.daily_cap : null,
      enabled: v.enabled === true,
    };
  };
  const check = (field: Field) => contractRule(t, pointsRuleInputSchema, body, [field]);

  const submit = async () => {
    try {
      await form.validateFields();
      await save.mutateAsync(body());
      toast.success(t('rules.saved'));
      onClose();
    } catch (err) {
      form.setFields(
        serverFieldErrors(err, (field) =>
          field === 'amount' || field === 'daily_cap' || field === 'enabled' ? field : null,
        ),
      );
    }
  };

  return (
    <Modal
      open
      title={t('rules.editTitle', { rule: t(`achievements:rules.${rule.rule}`) })}
      okText={t('rules.save')}
      cancelText={t('rules.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'points-rule-save' } as never}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          amount: rule.amount,
          capped: rule.daily_cap !== null,
          daily_cap: rule.daily_cap ?? 1,
          enabled: rule.enabled,
        }}
        data-testid="points-rule-form"
      >
        <Form.Item name="amount" label={t('rules.colAmount')} rules={[check('amount')]}>
          <InputNumber min={1} max={POINT_RULE_LIMITS.amountMax} precision={0} data-testid="points-rule-amount" />
        </Form.Item>
        <Form.Item name="capped" label={t('rules.capSwitch')} valuePropName="checked">
          <Switch data-testid="points-rule-capped" />
        </Form.Item>
        {capped ? (
          <Form.Item name="daily_cap" label={t('rules.colDailyCap')} rules={[check('daily_cap')]}>
            <InputNumber min={1} max={POINT_RULE_LIMITS.dailyCapMax} precision={0} data-testid="points-rule-cap" />
          </Form.Item>
        ) : null}
        <Form.Item name="enabled" label={t('rules.colEnabled')} valuePropName="checked">
          <Switch data-testid="points-rule-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The managed site's points rules (issue 22 item 1, decision 032): amount, daily cap and switch per
 * rule, beside decisions.md's defaults. A change applies to the next award; the ledger stays.
 */
export function PointsRulesScreen() {
  const { t } = useTranslation('pointsAdmin');
  const { siteCode } = useAdminSite();
  const { site: uiSite } = useShell();
  const formatTime = useFormatTime();
  const query = useCall(adminPointsRules, {});
  const [editing, setEditing] = useState<PointsRuleRow | null>(null);
  const cap = (n: number | null) => (n === null ? t('rules.noCap') : t('rules.capValue', { cap: n }));

  if (query.isPending) return <Skeleton active paragraph={{ rows: 9 }} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('siteAdmin:loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('siteAdmin:retry')}</Button>}
      />
    );
  }
  return (
    <div className="site-admin" data-testid="points-rules-screen">
      <SiteAdminNote lead={t('rules.lead')} />
      <Table<PointsRuleRow>
        key={siteCode}
        rowKey="rule"
        size="small"
        pagination={false}
        dataSource={query.data.list}
        onRow={(row) => ({ 'data-testid': `points-rule-${row.rule}` }) as object}
        columns={[
          { title: t('rules.colRule'), key: 'rule', render: (_, r) => t(`achievements:rules.${r.rule}`) },
          { title: t('rules.colAmount'), dataIndex: 'amount', key: 'amount' },
          { title: t('rules.colDailyCap'), key: 'cap', render: (_, r) => cap(r.daily_cap) },
          {
            title: t('rules.colEnabled'),
            key: 'enabled',
            render: (_, r) => (r.enabled ? <Tag color="success">{t('rules.on')}</Tag> : <Tag>{t('rules.off')}</Tag>),
          },
          {
            title: t('rules.colDefault'),
            key: 'default',
            render: (_, r) => t('rules.defaultValue', { amount: r.default_amount, cap: cap(r.default_daily_cap) }),
          },
          {
            title: t('rules.colUpdated'),
            key: 'updated',
            render: (_, r) => formatTime(r.update_time, { site: uiSite }),
          },
          {
            title: '',
            key: 'edit',
            render: (_, r) => (
              <Button size="small" onClick={() => setEditing(r)} data-testid={`points-rule-edit-${r.rule}`}>
                {t('rules.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing ? <RuleEditor key={editing.rule} rule={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
