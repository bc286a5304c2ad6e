import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import type { CurrentUser } from '@portal/contracts/accounts';
import { FormAlert } from '~/components/form/FormAlert';
import { Tabs } from '~/components/Tabs';
import { invalidateShell } from '~/lib/session';
import { loginReasonOf } from '~/lib/login-link';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { loginViewPath, type CodeChannel, type LoginType, type LoginView } from '../routing/login-view';
import { afterSignInPath, withCallback } from '../routing/sign-in-target';
import { AccountsCard } from './AccountsCard';
import { CodeSignIn, PasswordSignIn, RegisterForm } from './SignInForms';

/**
 * The login page (spec 2): password sign-in, sign-in with a one-time code and registration, each
 * its own tab and URL. Success goes to the callback (same-site paths only) or home; a member who
 * still has to complete their information goes there first.
 */
export function LoginPage({ view }: { view: LoginView }) {
  const { t } = useTranslation('auth');
  const { site, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const reason = loginReasonOf(location.search);

  const show = (next: LoginView) =>
    void navigate(loginViewPath(site, next, location.search), { replace: true, preventScrollReset: true });
  const onChannel = (channel: CodeChannel) => show({ ...view, channel });

  const signedIn = (message: string) => (user: CurrentUser) => {
    toast.success(message);
    invalidateShell();
    void navigate(afterSignInPath(user, site, location.search, origin), { replace: true });
  };

  const switchTo = (type: LoginType, label: string, testId: string) => (
    <Link to={loginViewPath(site, { ...view, type }, location.search)} replace preventScrollReset data-testid={testId}>
      {label}
    </Link>
  );

  const registerHint = (
    <p className="accounts-card__switch">
      {t('noAccount')} {switchTo('register', t('registerNow'), 'login-to-register')}
    </p>
  );

  return (
    <AccountsCard id="login-page" title={t('loginTitle')} lead={t('loginLead')}>
      {reason ? (
        <FormAlert type="info" className="login-reason" message={t(`loginReason.${reason}`)} testId="login-reason" />
      ) : null}
      <Tabs
        activeKey={view.type}
        onChange={(key) => show({ ...view, type: key as LoginType })}
        items={[
          {
            key: 'password',
            label: <span data-testid="login-tab-password">{t('tabPassword')}</span>,
            children: (
              <>
                <PasswordSignIn onSignedIn={signedIn(t('signedIn'))} />
                <p className="accounts-card__switch">
                  <Link
                    to={withCallback(`/${site.prefix}/forget`, location.search, site, origin)}
                    data-testid="login-forget"
                  >
                    {t('forgotPassword')}
                  </Link>
                </p>
                {registerHint}
              </>
            ),
          },
          {
            key: 'code',
            label: <span data-testid="login-tab-code">{t('tabCode')}</span>,
            children: (
              <>
                <CodeSignIn channel={view.channel} onChannel={onChannel} onSignedIn={signedIn(t('signedIn'))} />
                {registerHint}
              </>
            ),
          },
          {
            key: 'register',
            label: <span data-testid="login-tab-register">{t('tabRegister')}</span>,
            children: (
              <>
                <RegisterForm channel={view.channel} onChannel={onChannel} onRegistered={signedIn(t('registered'))} />
                <p className="accounts-card__switch">
                  {t('haveAccount')} {switchTo('password', t('signInNow'), 'register-to-login')}
                </p>
              </>
            ),
          },
        ]}
      />
    </AccountsCard>
  );
}
