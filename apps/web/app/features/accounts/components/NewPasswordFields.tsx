import { useFormContext } from 'react-hook-form';
import { PASSWORD_RULE } from '@portal/contracts/accounts';
import { PasswordField } from '~/components/form/Form';
import { useTranslation } from '~/lib/use-translation';

/**
 * A new password and its confirmation, with the 8–64 rule shown (recovery and password change), in
 * a `PortalForm`: the confirmation is checked again when the password changes, once it has been
 * left once.
 */
export function NewPasswordFields({ testIds }: { testIds: { password: string; confirm: string } }) {
  const { t } = useTranslation('auth');
  const { getFieldState, trigger } = useFormContext<{ password: string; password_confirm: string }>();
  const recheckConfirm = () => {
    if (getFieldState('password_confirm').isTouched) void trigger('password_confirm');
  };
  return (
    <>
      <PasswordField
        name="password"
        label={t('newPassword')}
        required
        hint={t('passwordHint', PASSWORD_RULE)}
        rules={{ onChange: recheckConfirm }}
        autoComplete="new-password"
        maxLength={PASSWORD_RULE.max}
        testId={testIds.password}
      />
      <PasswordField
        name="password_confirm"
        label={t('confirmPassword')}
        required
        autoComplete="new-password"
        maxLength={PASSWORD_RULE.max}
        testId={testIds.confirm}
      />
    </>
  );
}
