import { useRef, useState, type ChangeEvent } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import {
  EXPERT_APPLICATION_RULE,
  APPLICATION_STATUS,
  expertApplicationSave,
  expertApplicationSubmit,
  expertApplicationWithdraw,
  type ExpertApplication,
} from '@portal/contracts/expert-applications';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { ConfirmAction } from '~/components/ConfirmAction';
import { fieldIssues, i18nKey } from '~/lib/forms/form-issues';
import { addTexts } from '~/lib/i18n';
import { SCROLL_TO_FIRST_ERROR, useContractForm } from '~/lib/forms/use-contract-form';
import { parseContractBody } from '~/lib/forms/contract-call';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { photoBody, photoFileProblem, PHOTO_ACCEPT, uploadExpertPhotoCall } from '../api/expert-photo-upload';
import { LinkListField } from './LinkListField';

// The page's texts (and its form's rules) come with its chunk, not with every page's catalogue.
addTexts(personalCentreCatalogues);

export interface DictionaryOption {
  value: number;
  label: string;
}

interface LinkValue {
  title?: string;
  url?: string;
}

interface ApplicationValues {
  real_name: string;
  company: string;
  job_title: string;
  industry_id: number | undefined;
  field_ids: number[];
  biography: string;
  photo_att_id: number | undefined;
  contributions: LinkValue[];
  recommendations: LinkValue[];
}

const FIELDS = [
  'real_name',
  'company',
  'job_title',
  'industry_id',
  'field_ids',
  'biography',
  'photo_att_id',
  'contributions',
  'recommendations',
] as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const links = (items: LinkValue[] | undefined) =>
  (items ?? []).map((item) => ({ title: text(item?.title), url: text(item?.url) }));

/** The form as the calls' body: the same shape for a draft and a submission. */
const applicationBody = (v: Partial<ApplicationValues>) => ({
  real_name: text(v.real_name),
  company: text(v.company),
  job_title: text(v.job_title),
  industry_id: v.industry_id ?? null,
  field_ids: v.field_ids ?? [],
  biography: typeof v.biography === 'string' ? v.biography : '',
  photo_att_id: v.photo_att_id ?? null,
  contributions: links(v.contributions),
  recommendations: links(v.recommendations),
});

const validateSubmission = (v: Partial<ApplicationValues>) =>
  fieldIssues(expertApplicationSubmit.body, applicationBody(v));

/** Holds a form value that another control sets (the uploaded photo's id); draws nothing. */
function FormValue(_: { value?: unknown }) {
  return null;
}

function initialValues(application: ExpertApplication | null): Partial<ApplicationValues> {
  if (!application) return { field_ids: [], contributions: [{}, {}], recommendations: [] };
  return {
    real_name: application.real_name,
    company: application.company,
    job_title: application.job_title,
    industry_id: application.industry_id ?? undefined,
    field_ids: application.field_ids,
    biography: application.biography,
    photo_att_id: application.photo?.att_id,
    contributions: application.contributions.length ? application.contributions : [{}, {}],
    recommendations: application.recommendations,
  };
}

/**
 * The resident-expert application (spec 2 `stationed/application`, issue 21 item 3): every field
 * checked by the submit call's own schema, so the page and the server say the same; saved as a
 * draft until submitted; read-only while pending review (withdraw to edit); a rejection shows its
 * reason above the form, which is edited and submitted again.
 */
export function ExpertApplicationPage(props: {
  application: ExpertApplication | null;
  isExpert: boolean;
  industries: DictionaryOption[];
  fields: DictionaryOption[];
  memberId: number;
}) {
  const { t } = useTranslation('expertApply');
  const { site } = useShell();
  const [application, setApplication] = useState(props.application);
  const [photo, setPhoto] = useState(props.application?.photo?.address ?? '');
  const [busy, setBusy] = useState<'save' | 'submit' | 'photo' | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const { form, rule, showServerIssues } = useContractForm<ApplicationValues>(validateSubmission);
  const pending = application?.status === APPLICATION_STATUS.pending;
  const locked = pending || props.isExpert;

  const listRule = (field: 'contributions' | 'recommendations') => ({
    validator: async () => {
      const issue = validateSubmission(form.getFieldsValue(true) as Partial<ApplicationValues>).find(
        (i) => i.field === field,
      );
      if (issue) throw new Error(t(i18nKey(issue.key)));
    },
  });

  const uploadPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      form.setFields([{ name: 'photo_att_id', errors: [t(i18nKey(problem.key), problem.vars)] }]);
      return;
    }
    setBusy('photo');
    const result = await requestClient.call(uploadExpertPhotoCall, photoBody(file), { silent: true });
    setBusy(null);
    if (result.ok) {
      setPhoto(result.data.address);
      form.setFieldValue('photo_att_id', result.data.att_id);
      form.setFields([{ name: 'photo_att_id', errors: [] }]);
      return;
    }
    const reason = result.envelope?.msg || result.error.message;
    form.setFields([{ name: 'photo_att_id', errors: [reason] }]);
  };

  const send = async (kind: 'save' | 'submit') => {
    if (kind === 'submit') {
      try {
        await form.validateFields({ recursive: true });
      } catch {
        return;
      }
    }
    const contract = kind === 'submit' ? expertApplicationSubmit : expertApplicationSave;
    const parsed = await parseContractBody(
      contract,
      applicationBody(form.getFieldsValue(true) as Partial<ApplicationValues>),
    );
    if (!parsed.ok) {
      // A draft still holds the limits: say which field is over one.
      form.setFields(parsed.issues.map((i) => ({ name: i.field as never, errors: [t(i18nKey(i.key))] })));
      if (parsed.issues[0]) form.scrollToField(parsed.issues[0].field as never, SCROLL_TO_FIRST_ERROR);
      return;
    }
    setBusy(kind);
    const result = await requestClient.call(contract, parsed.body);
    setBusy(null);
    if (result.ok) {
      setApplication(result.data);
      if (result.envelope.msg) toast.success(result.envelope.msg);
      if (kind === 'submit') window.scrollTo({ top: 0 });
    } else {
      showServerIssues(result.envelope, FIELDS);
    }
  };

  const withdraw = async () => {
    const result = await requestClient.call(expertApplicationWithdraw, {});
    if (!result.ok) return;
    setApplication(result.data);
    if (result.envelope.msg) toast.success(result.envelope.msg);
  };

  const linkList = (field: 'contributions' | 'recommendations', max: number, urlRequired: boolean) => (
    <LinkListField
      name={field}
      rules={[listRule(field)]}
      max={max}
      locked={locked}
      rule={EXPERT_APPLICATION_RULE}
      urlPlaceholder={urlRequired ? 'https://' : `https:// (${t('ui.itemUrl')})`}
      texts={{ itemTitle: t('ui.itemTitle'), itemUrl: t('ui.itemUrl'), remove: t('ui.remove'), add: t('ui.add') }}
      className="expert-apply__links"
      itemClassName="expert-apply__link"
      testIds={{
        list: `apply-${field}`,
        title: (index) => `apply-${field}-title-${index}`,
        url: (index) => `apply-${field}-url-${index}`,
        add: `apply-${field}-add`,
      }}
    />
  );

  return (
    <div className="portal-page expert-apply" id="expert-application">
      <h1>{t('ui.title')}</h1>
      <p className="expert-apply__lead">{t('ui.lead')}</p>
      {application ? (
        <p>
          <Tag data-testid="apply-status">{t(`ui.status.${application.status}`)}</Tag>
        </p>
      ) : null}
      {props.isExpert ? (
        <Alert
          type="success"
          showIcon
          message={t('ui.expertNote')}
          description={<a href={`/${site.prefix}/stationed/info/${props.memberId}`}>{t('ui.viewProfile')}</a>}
        />
      ) : pending ? (
        <Alert
          type="info"
          showIcon
          message={t('ui.pendingNote')}
          action={
            <ConfirmAction title={t('ui.withdrawConfirm')} onConfirm={withdraw}>
              <Button data-testid="apply-withdraw">{t('ui.withdraw')}</Button>
            </ConfirmAction>
          }
        />
      ) : application?.status === APPLICATION_STATUS.rejected ? (
        <Alert
          type="error"
          showIcon
          data-testid="apply-rejected"
          message={t('ui.rejectedNote', { reason: application.reason })}
        />
      ) : null}
      <Form
        form={form}
        name="expert-application"
        layout="vertical"
        validateTrigger="onBlur"
        disabled={locked}
        scrollToFirstError={SCROLL_TO_FIRST_ERROR}
        initialValues={initialValues(props.application)}
        onFinish={() => void send('submit')}
      >
        <Form.Item name="real_name" label={t('ui.realName')} required rules={[rule('real_name')]}>
          <Input maxLength={EXPERT_APPLICATION_RULE.realNameMax} autoComplete="name" data-testid="apply-real-name" />
        </Form.Item>
        <Form.Item name="company" label={t('ui.company')} required rules={[rule('company')]}>
          <Input
            maxLength={EXPERT_APPLICATION_RULE.companyMax}
            autoComplete="organization"
            data-testid="apply-company"
          />
        </Form.Item>
        <Form.Item name="job_title" label={t('ui.jobTitle')} required rules={[rule('job_title')]}>
          <Input
            maxLength={EXPERT_APPLICATION_RULE.jobTitleMax}
            autoComplete="organization-title"
            data-testid="apply-job-title"
          />
        </Form.Item>
        <Form.Item
          name="industry_id"
          label={t('ui.industry')}
          required
          validateTrigger="onChange"
          rules={[rule('industry_id')]}
        >
          <Select
            options={props.industries}
            placeholder={t('ui.industryPlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="apply-industry"
          />
        </Form.Item>
        <Form.Item
          name="field_ids"
          label={t('ui.fields')}
          required
          validateTrigger="onChange"
          rules={[rule('field_ids')]}
        >
          <Select
            mode="multiple"
            options={props.fields}
            placeholder={t('ui.fieldsPlaceholder')}
            maxCount={EXPERT_APPLICATION_RULE.fieldsMax}
            optionFilterProp="label"
            data-testid="apply-fields"
          />
        </Form.Item>
        <Form.Item
          name="biography"
          label={t('ui.biography')}
          extra={t('ui.biographyHint')}
          required
          rules={[rule('biography')]}
        >
          <Input.TextArea
            rows={6}
            showCount
            maxLength={EXPERT_APPLICATION_RULE.biographyMax}
            data-testid="apply-biography"
          />
        </Form.Item>
        <Form.Item label={t('ui.photo')} extra={t('ui.photoHint')} required>
          <Form.Item name="photo_att_id" noStyle validateTrigger={[]} rules={[rule('photo_att_id')]}>
            <FormValue />
          </Form.Item>
          <div className="expert-apply__photo">
            {photo ? <img src={photo} alt={t('ui.photo')} width={120} data-testid="apply-photo-preview" /> : null}
            <input
              ref={photoInput}
              type="file"
              accept={PHOTO_ACCEPT}
              hidden
              style={{ display: 'none' }}
              onChange={(event) => void uploadPhoto(event)}
              data-testid="apply-photo-input"
            />
            {!locked ? (
              <Button onClick={() => photoInput.current?.click()} loading={busy === 'photo'}>
                {busy === 'photo' ? t('ui.photoUploading') : t('ui.photoUpload')}
              </Button>
            ) : null}
          </div>
        </Form.Item>
        <Form.Item label={t('ui.contributions')} extra={t('ui.contributionsHint')} required>
          {linkList('contributions', EXPERT_APPLICATION_RULE.contributionsMax, true)}
        </Form.Item>
        <Form.Item label={t('ui.recommendations')} extra={t('ui.recommendationsHint')}>
          {linkList('recommendations', EXPERT_APPLICATION_RULE.recommendationsMax, false)}
        </Form.Item>
        {!locked ? (
          <Space>
            <Button onClick={() => void send('save')} loading={busy === 'save'} data-testid="apply-save">
              {t('ui.saveDraft')}
            </Button>
            <Button type="primary" htmlType="submit" loading={busy === 'submit'} data-testid="apply-submit">
              {t('ui.submit')}
            </Button>
          </Space>
        ) : null}
      </Form>
    </div>
  );
}
