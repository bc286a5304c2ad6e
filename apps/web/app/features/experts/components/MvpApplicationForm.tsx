import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { dictList } from '@portal/contracts/dictionaries';
import {
  APPLICATION_STATUS,
  MVP_RULE,
  mvpApplicationMine,
  mvpApplicationSave,
  mvpApplicationSubmit,
  mvpApplicationWithdraw,
  type MvpApplication,
} from '@portal/contracts/mvp';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { ConfirmAction } from '~/components/ConfirmAction';
import { fieldIssues, i18nKey } from '~/lib/forms/form-issues';
import { SCROLL_TO_FIRST_ERROR, useContractForm } from '~/lib/forms/use-contract-form';
import { parseContractBody } from '~/lib/forms/contract-call';
import { addTexts } from '~/lib/i18n';
import { withPortalAntd } from '~/lib/PortalAntd';
import { useCall } from '~/lib/query/use-call';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { LinkListField } from './LinkListField';

// The form's texts (and its rules' messages) come with this chunk, not with the MVP page.
addTexts(personalCentreCatalogues);

interface LinkValue {
  title?: string;
  url?: string;
}

interface MvpValues {
  real_name: string;
  company: string;
  job_title: string;
  field_ids: number[];
  biography: string;
  contributions: LinkValue[];
}

const FIELDS = ['real_name', 'company', 'job_title', 'field_ids', 'biography', 'contributions'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The form as the calls' body: the same shape for a draft and a submission. */
const mvpBody = (v: Partial<MvpValues>) => ({
  real_name: text(v.real_name),
  company: text(v.company),
  job_title: text(v.job_title),
  field_ids: v.field_ids ?? [],
  biography: typeof v.biography === 'string' ? v.biography : '',
  contributions: (v.contributions ?? []).map((item) => ({ title: text(item?.title), url: text(item?.url) })),
});

const validateSubmission = (v: Partial<MvpValues>) => fieldIssues(mvpApplicationSubmit.body, mvpBody(v));

function initialValues(application: MvpApplication | null): Partial<MvpValues> {
  const three = [{}, {}, {}];
  if (!application) return { field_ids: [], contributions: three };
  return {
    real_name: application.real_name,
    company: application.company,
    job_title: application.job_title,
    field_ids: application.field_ids,
    biography: application.biography,
    contributions: application.contributions.length ? application.contributions : three,
  };
}

const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * The MVP application (decision 044), loaded on the MVP page only when a member opens it: every
 * field checked by the submit call's own schema, saved as a draft until submitted, read-only while
 * pending (withdraw to edit), a rejection's reason above the form, renewal in a term's last 90 days.
 */
function MvpApplicationForm() {
  const { site } = useShell();
  const mine = useCall(mvpApplicationMine, {}, { site, staleTime: 0 });
  const areas = useCall(dictList, { kind: 'scene' }, { site });
  if (!mine.data || !areas.data) {
    return (
      <div className="mvp-apply" data-testid="mvp-apply-loading">
        <Spin />
      </div>
    );
  }
  return <MvpApplicationFields state={mine.data} areas={areas.data.list} />;
}

type MineState = NonNullable<ReturnType<typeof useCall<typeof mvpApplicationMine>>['data']>;

function MvpApplicationFields(props: { state: MineState; areas: Array<{ value: number; label: string }> }) {
  const { t } = useTranslation('mvpApply');
  const [state, setState] = useState(props.state);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const { form, rule, showServerIssues } = useContractForm<MvpValues>(validateSubmission);
  const application = state.application;
  const pending = application?.status === APPLICATION_STATUS.pending;
  const locked = !state.may_apply;

  const update = (next: MineState) => setState(next);

  const send = async (kind: 'save' | 'submit') => {
    if (kind === 'submit') {
      try {
        await form.validateFields({ recursive: true });
      } catch {
        return;
      }
    }
    const contract = kind === 'submit' ? mvpApplicationSubmit : mvpApplicationSave;
    const parsed = await parseContractBody(contract, mvpBody(form.getFieldsValue(true) as Partial<MvpValues>));
    if (!parsed.ok) {
      form.setFields(parsed.issues.map((i) => ({ name: i.field as never, errors: [t(i18nKey(i.key))] })));
      if (parsed.issues[0]) form.scrollToField(parsed.issues[0].field as never, SCROLL_TO_FIRST_ERROR);
      return;
    }
    setBusy(kind);
    const result = await requestClient.call(contract, parsed.body);
    setBusy(null);
    if (result.ok) {
      update(result.data);
      if (result.envelope.msg) toast.success(result.envelope.msg);
    } else {
      showServerIssues(result.envelope, FIELDS);
    }
  };

  const withdraw = async () => {
    const result = await requestClient.call(mvpApplicationWithdraw, {});
    if (!result.ok) return;
    update(result.data);
    if (result.envelope.msg) toast.success(result.envelope.msg);
  };

  const listRule = {
    validator: async () => {
      const issue = validateSubmission(form.getFieldsValue(true) as Partial<MvpValues>).find(
        (i) => i.field === 'contributions',
      );
      if (issue) throw new Error(t(i18nKey(issue.key)));
    },
  };

  return (
    <div className="mvp-apply" data-testid="mvp-apply">
      <p className="mvp-apply__lead">{t('ui.lead')}</p>
      {application ? (
        <p>
          <Tag data-testid="mvp-apply-status">
            {t('ui.statusLabel', { status: t(`ui.status.${application.status}`) })}
          </Tag>
        </p>
      ) : null}
      {state.term ? (
        <Alert
          type="success"
          showIcon
          data-testid="mvp-apply-term"
          message={t(state.may_apply ? 'ui.renewNote' : 'ui.mvpNote', { date: dayOf(state.term.end_time) })}
        />
      ) : null}
      {pending ? (
        <Alert
          type="info"
          showIcon
          message={t('ui.pendingNote')}
          action={
            <ConfirmAction title={t('ui.withdrawConfirm')} onConfirm={withdraw}>
              <Button data-testid="mvp-apply-withdraw">{t('ui.withdraw')}</Button>
            </ConfirmAction>
          }
        />
      ) : application?.status === APPLICATION_STATUS.rejected ? (
        <Alert
          type="error"
          showIcon
          data-testid="mvp-apply-rejected"
          message={t('ui.rejectedNote', { reason: application.reason })}
        />
      ) : null}
      <Form
        form={form}
        name="mvp-application"
        layout="vertical"
        validateTrigger="onBlur"
        disabled={locked}
        scrollToFirstError={SCROLL_TO_FIRST_ERROR}
        initialValues={initialValues(application)}
        onFinish={() => void send('submit')}
      >
        <Form.Item name="real_name" label={t('ui.realName')} required rules={[rule('real_name')]}>
          <Input maxLength={MVP_RULE.realNameMax} autoComplete="name" data-testid="mvp-apply-real-name" />
        </Form.Item>
        <Form.Item name="company" label={t('ui.company')} required rules={[rule('company')]}>
          <Input maxLength={MVP_RULE.companyMax} autoComplete="organization" data-testid="mvp-apply-company" />
        </Form.Item>
        <Form.Item name="job_title" label={t('ui.jobTitle')} required rules={[rule('job_title')]}>
          <Input maxLength={MVP_RULE.jobTitleMax} autoComplete="organization-title" data-testid="mvp-apply-job-title" />
        </Form.Item>
        <Form.Item
          name="field_ids"
          label={t('ui.areas')}
          required
          validateTrigger="onChange"
          rules={[rule('field_ids')]}
        >
          <Select
            mode="multiple"
            options={props.areas}
            placeholder={t('ui.areasPlaceholder')}
            maxCount={MVP_RULE.areasMax}
            optionFilterProp="label"
            data-testid="mvp-apply-areas"
          />
        </Form.Item>
        <Form.Item
          name="biography"
          label={t('ui.biography')}
          extra={t('ui.biographyHint')}
          required
          rules={[rule('biography')]}
        >
          <Input.TextArea rows={4} showCount maxLength={MVP_RULE.biographyMax} data-testid="mvp-apply-biography" />
        </Form.Item>
        <Form.Item label={t('ui.contributions')} extra={t('ui.contributionsHint')} required>
          <LinkListField
            name="contributions"
            rules={[listRule]}
            max={MVP_RULE.contributionsMax}
            locked={locked}
            rule={MVP_RULE}
            urlPlaceholder="https://"
            texts={{ itemTitle: t('ui.itemTitle'), itemUrl: t('ui.itemUrl'), remove: t('ui.remove'), add: t('ui.add') }}
            className="mvp-apply__links"
            itemClassName="mvp-apply__link"
            testIds={{
              list: 'mvp-apply-contributions',
              title: (index) => `mvp-apply-title-${index}`,
              url: (index) => `mvp-apply-url-${index}`,
              add: 'mvp-apply-add',
            }}
          />
        </Form.Item>
        {!locked ? (
          <Space>
            <Button onClick={() => void send('save')} loading={busy === 'save'} data-testid="mvp-apply-save">
              {t('ui.saveDraft')}
            </Button>
            <Button type="primary" htmlType="submit" loading={busy === 'submit'} data-testid="mvp-apply-submit">
              {t('ui.submit')}
            </Button>
          </Space>
        ) : null}
      </Form>
    </div>
  );
}

export default withPortalAntd(MvpApplicationForm);
