import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { saveInformation, type CurrentUser } from '@portal/contracts/accounts';
import { invalidateShell } from '~/lib/session';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { fieldIssues } from '~/lib/forms/form-issues';
import { PortalForm, SelectField, SubmitButton, TextField } from '~/components/form/Form';
import { usePortalForm } from '~/lib/forms/use-portal-form';
import { callWithContract } from '~/lib/forms/contract-call';
import { callbackOf } from '../routing/sign-in-target';
import { AccountsCard } from './AccountsCard';
import { ContactFields } from './ContactFields';

export interface IndustryOption {
  value: number;
  label: string;
}

interface InformationValues {
  user_name: string;
  user_company: string;
  user_job_title: string;
  user_industry: number;
  user_contact_mobile: string;
  user_contact_email: string;
}

const FIELDS = [
  'user_name',
  'user_company',
  'user_job_title',
  'user_industry',
  'user_contact_mobile',
  'user_contact_email',
] as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const informationBody = (v: Partial<InformationValues>) => ({
  user_name: text(v.user_name),
  user_company: text(v.user_company),
  user_job_title: text(v.user_job_title),
  user_industry: v.user_industry,
  user_contact_mobile: text(v.user_contact_mobile),
  user_contact_email: text(v.user_contact_email),
});

const validateInformation = (v: Partial<InformationValues>) => fieldIssues(saveInformation.body, informationBody(v));

/**
 * Complete the member's information (spec 2 `/information`, decisions.md People). Saving sets
 * `is_edit` to 1 and takes the member back to the callback (same-site paths only) or home.
 */
export function InformationPage({ member, industries }: { member: CurrentUser; industries: IndustryOption[] }) {
  const { t } = useTranslation('auth');
  const { site, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const { form, showServerIssues } = usePortalForm<InformationValues>({
    validate: validateInformation,
    defaultValues: {
      user_name: member.user_name,
      user_company: member.user_company,
      user_job_title: member.user_job_title,
      user_industry: member.user_industry ?? undefined,
      user_contact_mobile: member.user_contact_mobile,
      user_contact_email: member.user_contact_email,
    },
  });
  const [busy, setBusy] = useState(false);

  const submit = async (values: InformationValues) => {
    setBusy(true);
    const result = await callWithContract(saveInformation, informationBody(values));
    setBusy(false);
    if (result?.ok) {
      toast.success(t('saved'));
      invalidateShell();
      void navigate(callbackOf(location.search, site, origin), { replace: true });
    } else {
      showServerIssues(result?.envelope, FIELDS);
    }
  };

  return (
    <AccountsCard id="information-page" title={t('informationTitle')} lead={t('informationLead')}>
      <PortalForm form={form} name="information" onValid={submit}>
        <TextField
          name="user_name"
          label={t('realName')}
          required
          autoComplete="name"
          maxLength={64}
          testId="information-name"
        />
        <TextField
          name="user_company"
          label={t('company')}
          required
          autoComplete="organization"
          maxLength={128}
          testId="information-company"
        />
        <TextField
          name="user_job_title"
          label={t('jobTitle')}
          required
          autoComplete="organization-title"
          maxLength={128}
          testId="information-job-title"
        />
        <SelectField
          name="user_industry"
          label={t('industry')}
          required
          placeholder={t('industryPlaceholder')}
          options={industries}
          testId="information-industry"
        />
        <ContactFields testIds={{ mobile: 'information-mobile', email: 'information-email' }} />
        <SubmitButton busy={busy} block testId="information-submit">
          {t('save')}
        </SubmitButton>
      </PortalForm>
    </AccountsCard>
  );
}
