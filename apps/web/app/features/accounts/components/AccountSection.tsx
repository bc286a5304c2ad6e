import { useRef, useState, type ChangeEvent } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import {
  AVATAR_RULE,
  changePassword,
  NICKNAME_RULE,
  PASSWORD_RULE,
  updateAccount,
  type CurrentUser,
} from '@portal/contracts/accounts';
import { STATUS } from '@portal/contracts/envelope';
import { Avatar } from '~/components/Avatar';
import { loginPath } from '~/lib/login-link';
import { requestClient } from '~/lib/request/client';
import { invalidateShell } from '~/lib/session';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { avatarBody, uploadAvatarCall } from '../api/avatar-upload';
import { AVATAR_ACCEPT, avatarFileProblem } from '../forms/avatar-file';
import { fieldIssues, i18nKey } from '~/lib/forms/form-issues';
import { callWithContract } from '~/lib/forms/contract-call';
import { PasswordField, PortalForm, SubmitButton, TextField } from '~/components/form/Form';
import { PortalButton } from '~/components/PortalButton';
import { usePortalForm } from '~/lib/forms/use-portal-form';
import { ContactFields } from './ContactFields';
import { NewPasswordFields } from './NewPasswordFields';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The personal centre's account section (spec 2 `/userinfo`, its default section): avatar, nickname,
 * contact mobile and email, and the password. A lazy part of the centre (routes/userinfo-sections.ts).
 */
export default function AccountSection({ member }: { member: CurrentUser }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <section className="accounts-section" aria-labelledby="account-section-title" data-testid="account-section">
        <h2 id="account-section-title">{t('accountSection')}</h2>
        <AvatarField member={member} />
        <AccountForm member={member} />
      </section>
      <section className="accounts-section" aria-labelledby="password-section-title" data-testid="password-section">
        <h2 id="password-section-title">{t('passwordSection')}</h2>
        <PasswordForm />
      </section>
    </>
  );
}

/** After a change the member's own data, and the navbar's, are read again. */
function useMemberChanged() {
  const { revalidate } = useRevalidator();
  return () => {
    invalidateShell();
    void revalidate();
  };
}

/** The avatar with its upload: JPG/JPEG/PNG up to 3 MB, checked here before it is sent. */
function AvatarField({ member }: { member: CurrentUser }) {
  const { t } = useTranslation('auth');
  const { site, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const memberChanged = useMemberChanged();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      toast.error(t(i18nKey(problem.key), problem.vars));
      return;
    }
    setBusy(true);
    // Silent: spec 8 words upload failures as such, with the server's msg or the status.
    const result = await requestClient.call(uploadAvatarCall, avatarBody(file), { silent: true });
    setBusy(false);
    if (result.ok) {
      toast.success(t('avatarSaved'));
      memberChanged();
      return;
    }
    if (String(result.error.status) === String(STATUS.unauthorized)) {
      void navigate(loginPath(site, location, origin));
      return;
    }
    const reason =
      result.envelope?.msg || (result.error.status === undefined ? result.error.message : String(result.error.status));
    toast.error(t('imageUploadFailed', { reason }));
  };

  return (
    <div className="accounts-avatar">
      <Avatar user={member} size={80} />
      <div className="accounts-avatar__action">
        <input
          ref={input}
          type="file"
          accept={AVATAR_ACCEPT}
          hidden
          onChange={(event) => void upload(event)}
          data-testid="avatar-input"
        />
        <PortalButton onClick={() => input.current?.click()} loading={busy} data-testid="avatar-upload">
          {t('changeAvatar')}
        </PortalButton>
        <p className="accounts-hint">{t('avatarHint', { mb: AVATAR_RULE.maxMb })}</p>
      </div>
    </div>
  );
}

interface AccountValues {
  user_nick_name: string;
  user_contact_mobile: string;
  user_contact_email: string;
}

const accountBody = (v: Partial<AccountValues>) => ({
  user_nick_name: text(v.user_nick_name),
  user_contact_mobile: text(v.user_contact_mobile),
  user_contact_email: text(v.user_contact_email),
});

const validateAccount = (v: Partial<AccountValues>) => fieldIssues(updateAccount.body, accountBody(v));

function AccountForm({ member }: { member: CurrentUser }) {
  const { t } = useTranslation('auth');
  const { form, showServerIssues } = usePortalForm<AccountValues>({
    validate: validateAccount,
    defaultValues: {
      user_nick_name: member.user_nick_name,
      user_contact_mobile: member.user_contact_mobile,
      user_contact_email: member.user_contact_email,
    },
  });
  const memberChanged = useMemberChanged();
  const [busy, setBusy] = useState(false);

  const submit = async (values: AccountValues) => {
    setBusy(true);
    const result = await callWithContract(updateAccount, accountBody(values));
    setBusy(false);
    if (result?.ok) {
      toast.success(t('saved'));
      memberChanged();
    } else {
      showServerIssues(result?.envelope, ['user_nick_name', 'user_contact_mobile', 'user_contact_email']);
    }
  };

  return (
    <PortalForm form={form} name="account" className="accounts-form" onValid={submit}>
      <TextField
        name="user_nick_name"
        label={t('nickname')}
        required
        autoComplete="nickname"
        maxLength={NICKNAME_RULE.max}
        testId="account-nickname"
      />
      <ContactFields testIds={{ mobile: 'account-mobile', email: 'account-email' }} />
      <SubmitButton busy={busy} testId="account-submit">
        {t('saveAccount')}
      </SubmitButton>
    </PortalForm>
  );
}

interface PasswordValues {
  old_password: string;
  password: string;
  password_confirm: string;
}

const passwordBody = (v: Partial<PasswordValues>) => ({
  old_password: typeof v.old_password === 'string' ? v.old_password : '',
  password: typeof v.password === 'string' ? v.password : '',
  password_confirm: typeof v.password_confirm === 'string' ? v.password_confirm : '',
});

const validatePassword = (v: Partial<PasswordValues>) => fieldIssues(changePassword.body, passwordBody(v));

function PasswordForm() {
  const { t } = useTranslation('auth');
  const { form, showServerIssues } = usePortalForm<PasswordValues>({
    validate: validatePassword,
    defaultValues: { old_password: '', password: '', password_confirm: '' },
  });
  const [busy, setBusy] = useState(false);

  const submit = async (values: PasswordValues) => {
    setBusy(true);
    const result = await callWithContract(changePassword, passwordBody(values));
    setBusy(false);
    if (result?.ok) {
      toast.success(t('passwordChanged'));
      form.reset();
    } else {
      showServerIssues(result?.envelope, ['old_password', 'password', 'password_confirm']);
    }
  };

  return (
    <PortalForm form={form} name="password" className="accounts-form" onValid={submit}>
      <PasswordField
        name="old_password"
        label={t('oldPassword')}
        required
        autoComplete="current-password"
        maxLength={PASSWORD_RULE.max}
        testId="password-old"
      />
      <NewPasswordFields testIds={{ password: 'password-new', confirm: 'password-confirm' }} />
      <SubmitButton busy={busy} testId="password-submit">
        {t('changePassword')}
      </SubmitButton>
    </PortalForm>
  );
}
