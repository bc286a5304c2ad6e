import { useState } from 'react';
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
import { PortalForm, SubmitButton } from '~/components/form/Form';
import { CheckboxTagsField, LinkListField, TextAreaField } from '~/components/form/ListFields';
import { FormAlert } from '~/components/form/FormAlert';
import { PortalButton } from '~/components/PortalButton';
import { fieldIssues } from '~/lib/forms/form-issues';
import { parseContractBody } from '~/lib/forms/contract-call';
import { usePortalForm } from '~/lib/forms/use-portal-form';
import { addTexts } from '~/lib/i18n';
import { useCall } from '~/lib/query/use-call';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { ApplicantFields } from './ApplicantFields';

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
export default function MvpApplicationForm() {
  const { site } = useShell();
  const mine = useCall(mvpApplicationMine, {}, { site, staleTime: 0 });
  const areas = useCall(dictList, { kind: 'scene' }, { site });
  if (!mine.data || !areas.data) {
    return (
      <div className="mvp-apply" data-testid="mvp-apply-loading" aria-busy="true">
        <span className="portal-spinner" />
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
  const { form, showIssues, showServerIssues } = usePortalForm<MvpValues>({
    validate: validateSubmission,
    defaultValues: initialValues(props.state.application),
  });
  const application = state.application;
  const pending = application?.status === APPLICATION_STATUS.pending;
  const locked = !state.may_apply;

  /** Saves a draft (checked only against the limits) or submits (checked in full first). */
  const send = async (kind: 'save' | 'submit', values: Partial<MvpValues>) => {
    const contract = kind === 'submit' ? mvpApplicationSubmit : mvpApplicationSave;
    const parsed = await parseContractBody(contract, mvpBody(values));
    if (!parsed.ok) {
      showIssues(parsed.issues);
      return;
    }
    setBusy(kind);
    const result = await requestClient.call(contract, parsed.body);
    setBusy(null);
    if (result.ok) {
      setState(result.data);
      if (result.envelope.msg) toast.success(result.envelope.msg);
    } else {
      showServerIssues(result.envelope, FIELDS);
    }
  };

  const withdraw = async () => {
    const result = await requestClient.call(mvpApplicationWithdraw, {});
    if (!result.ok) return;
    setState(result.data);
    if (result.envelope.msg) toast.success(result.envelope.msg);
  };

  return (
    <div className="mvp-apply" data-testid="mvp-apply">
      <p className="mvp-apply__lead">{t('ui.lead')}</p>
      {application ? (
        <p>
          <span className="portal-tag" data-testid="mvp-apply-status">
            {t('ui.statusLabel', { status: t(`ui.status.${application.status}`) })}
          </span>
        </p>
      ) : null}
      {state.term ? (
        <FormAlert
          type="success"
          className="mvp-apply__alert"
          testId="mvp-apply-term"
          message={t(state.may_apply ? 'ui.renewNote' : 'ui.mvpNote', { date: dayOf(state.term.end_time) })}
        />
      ) : null}
      {pending ? (
        <FormAlert
          type="info"
          className="mvp-apply__alert"
          message={t('ui.pendingNote')}
          action={
            <ConfirmAction title={t('ui.withdrawConfirm')} onConfirm={withdraw}>
              <PortalButton data-testid="mvp-apply-withdraw">{t('ui.withdraw')}</PortalButton>
            </ConfirmAction>
          }
        />
      ) : application?.status === APPLICATION_STATUS.rejected ? (
        <FormAlert
          type="error"
          className="mvp-apply__alert"
          testId="mvp-apply-rejected"
          message={t('ui.rejectedNote', { reason: application.reason })}
        />
      ) : null}
      <PortalForm form={form} name="mvp-application" onValid={(values) => send('submit', values)}>
        <fieldset className="portal-fieldset" disabled={locked}>
          <ApplicantFields
            limits={MVP_RULE}
            labels={{ realName: t('ui.realName'), company: t('ui.company'), jobTitle: t('ui.jobTitle') }}
            testIdPrefix="mvp-apply"
          />
          <CheckboxTagsField
            name="field_ids"
            label={t('ui.areas')}
            hint={t('ui.areasHint')}
            required
            options={props.areas}
            max={MVP_RULE.areasMax}
            testId="mvp-apply-areas"
          />
          <TextAreaField
            name="biography"
            label={t('ui.biography')}
            hint={t('ui.biographyHint')}
            required
            rows={4}
            maxLength={MVP_RULE.biographyMax}
            testId="mvp-apply-biography"
          />
          <LinkListField
            name="contributions"
            label={t('ui.contributions')}
            hint={t('ui.contributionsHint')}
            required
            max={MVP_RULE.contributionsMax}
            locked={locked}
            limits={MVP_RULE}
            urlPlaceholder="https://"
            texts={{ itemTitle: t('ui.itemTitle'), itemUrl: t('ui.itemUrl'), remove: t('ui.remove'), add: t('ui.add') }}
            testIds={{
              list: 'mvp-apply-contributions',
              title: (index) => `mvp-apply-title-${index}`,
              url: (index) => `mvp-apply-url-${index}`,
              add: 'mvp-apply-add',
            }}
          />
        </fieldset>
        {!locked ? (
          <div className="portal-form__actions">
            <PortalButton
              onClick={() => void send('save', form.getValues())}
              loading={busy === 'save'}
              data-testid="mvp-apply-save"
            >
              {t('ui.saveDraft')}
            </PortalButton>
            <SubmitButton busy={busy === 'submit'} testId="mvp-apply-submit">
              {t('ui.submit')}
            </SubmitButton>
          </div>
        ) : null}
      </PortalForm>
    </div>
  );
}
