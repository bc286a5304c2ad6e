import { useRef, useState, type ChangeEvent } from 'react';
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
import { Field, PortalForm, SelectField, SubmitButton } from '~/components/form/Form';
import { CheckboxTagsField, LinkListField, TextAreaField } from '~/components/form/ListFields';
import { FormAlert } from '~/components/form/FormAlert';
import { PortalButton } from '~/components/PortalButton';
import { fieldIssues, i18nKey } from '~/lib/forms/form-issues';
import { addTexts } from '~/lib/i18n';
import { parseContractBody } from '~/lib/forms/contract-call';
import { usePortalForm } from '~/lib/forms/use-portal-form';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { photoBody, photoFileProblem, PHOTO_ACCEPT, uploadExpertPhotoCall } from '../api/expert-photo-upload';
import { ApplicantFields } from './ApplicantFields';

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
  const { form, showIssues, showServerIssues } = usePortalForm<ApplicationValues>({
    validate: validateSubmission,
    defaultValues: initialValues(props.application),
  });
  const pending = application?.status === APPLICATION_STATUS.pending;
  const locked = pending || props.isExpert;

  const uploadPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      form.setError('photo_att_id', { type: 'file', message: t(i18nKey(problem.key), problem.vars) });
      return;
    }
    setBusy('photo');
    const result = await requestClient.call(uploadExpertPhotoCall, photoBody(file), { silent: true });
    setBusy(null);
    if (result.ok) {
      setPhoto(result.data.address);
      form.setValue('photo_att_id', result.data.att_id);
      form.clearErrors('photo_att_id');
      return;
    }
    form.setError('photo_att_id', { type: 'server', message: result.envelope?.msg || result.error.message });
  };

  /** Saves a draft (checked only against the limits) or submits (checked in full first). */
  const send = async (kind: 'save' | 'submit', values: Partial<ApplicationValues>) => {
    const contract = kind === 'submit' ? expertApplicationSubmit : expertApplicationSave;
    const parsed = await parseContractBody(contract, applicationBody(values));
    if (!parsed.ok) {
      // A draft still holds the limits: say which field is over one.
      showIssues(parsed.issues);
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

  const linkList = (field: 'contributions' | 'recommendations', max: number, required: boolean) => (
    <LinkListField
      name={field}
      label={t(`ui.${field}`)}
      hint={t(`ui.${field}Hint`)}
      required={required}
      max={max}
      locked={locked}
      limits={EXPERT_APPLICATION_RULE}
      urlPlaceholder={required ? 'https://' : `https:// (${t('ui.itemUrl')})`}
      texts={{ itemTitle: t('ui.itemTitle'), itemUrl: t('ui.itemUrl'), remove: t('ui.remove'), add: t('ui.add') }}
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
          <span className="portal-tag" data-testid="apply-status">
            {t(`ui.status.${application.status}`)}
          </span>
        </p>
      ) : null}
      {props.isExpert ? (
        <FormAlert
          type="success"
          className="expert-apply__alert"
          message={t('ui.expertNote')}
          description={<a href={`/${site.prefix}/stationed/info/${props.memberId}`}>{t('ui.viewProfile')}</a>}
        />
      ) : pending ? (
        <FormAlert
          type="info"
          className="expert-apply__alert"
          message={t('ui.pendingNote')}
          action={
            <ConfirmAction title={t('ui.withdrawConfirm')} onConfirm={withdraw}>
              <PortalButton data-testid="apply-withdraw">{t('ui.withdraw')}</PortalButton>
            </ConfirmAction>
          }
        />
      ) : application?.status === APPLICATION_STATUS.rejected ? (
        <FormAlert
          type="error"
          className="expert-apply__alert"
          testId="apply-rejected"
          message={t('ui.rejectedNote', { reason: application.reason })}
        />
      ) : null}
      <PortalForm form={form} name="expert-application" onValid={(values) => send('submit', values)}>
        <fieldset className="portal-fieldset" disabled={locked}>
          <ApplicantFields
            limits={EXPERT_APPLICATION_RULE}
            labels={{ realName: t('ui.realName'), company: t('ui.company'), jobTitle: t('ui.jobTitle') }}
            testIdPrefix="apply"
          />
          <SelectField
            name="industry_id"
            label={t('ui.industry')}
            required
            placeholder={t('ui.industryPlaceholder')}
            options={props.industries}
            testId="apply-industry"
          />
          <CheckboxTagsField
            name="field_ids"
            label={t('ui.fields')}
            hint={t('ui.fieldsHint')}
            required
            options={props.fields}
            max={EXPERT_APPLICATION_RULE.fieldsMax}
            testId="apply-fields"
          />
          <TextAreaField
            name="biography"
            label={t('ui.biography')}
            hint={t('ui.biographyHint')}
            required
            rows={6}
            maxLength={EXPERT_APPLICATION_RULE.biographyMax}
            testId="apply-biography"
          />
          <Field name="photo_att_id" label={t('ui.photo')} hint={t('ui.photoHint')} required group>
            {({ id, ...control }) => (
              <div role="group" id={id} {...control} className="expert-apply__photo">
                {photo ? <img src={photo} alt={t('ui.photo')} width={120} data-testid="apply-photo-preview" /> : null}
                <input
                  ref={photoInput}
                  type="file"
                  accept={PHOTO_ACCEPT}
                  hidden
                  onChange={(event) => void uploadPhoto(event)}
                  data-testid="apply-photo-input"
                />
                {!locked ? (
                  <PortalButton onClick={() => photoInput.current?.click()} loading={busy === 'photo'}>
                    {busy === 'photo' ? t('ui.photoUploading') : t('ui.photoUpload')}
                  </PortalButton>
                ) : null}
              </div>
            )}
          </Field>
          {linkList('contributions', EXPERT_APPLICATION_RULE.contributionsMax, true)}
          {linkList('recommendations', EXPERT_APPLICATION_RULE.recommendationsMax, false)}
        </fieldset>
        {!locked ? (
          <div className="portal-form__actions">
            <PortalButton
              onClick={() => void send('save', form.getValues())}
              loading={busy === 'save'}
              data-testid="apply-save"
            >
              {t('ui.saveDraft')}
            </PortalButton>
            <SubmitButton busy={busy === 'submit'} testId="apply-submit">
              {t('ui.submit')}
            </SubmitButton>
          </div>
        ) : null}
      </PortalForm>
    </div>
  );
}
