import { useTranslation } from '~/lib/use-translation';
import Form, { type Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import { PASSWORD_RULE } from '@portal/contracts/accounts';

/** Contact mobile and email, as the information page and the account settings ask for them. */
export function ContactFields({
  mobileRule,
  emailRule,
  testIds,
}: {
  mobileRule: Rule;
  emailRule: Rule;
  testIds: { mobile: string; email: string };
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Form.Item
        name="user_contact_mobile"
        label={t('contactMobile')}
        required
        rules={[mobileRule]}
        extra={t('mobileHint')}
      >
        <Input type="tel" autoComplete="tel" maxLength={16} data-testid={testIds.mobile} />
      </Form.Item>
      <Form.Item name="user_contact_email" label={t('contactEmail')} required rules={[emailRule]}>
        <Input type="email" autoComplete="email" maxLength={254} data-testid={testIds.email} />
      </Form.Item>
    </>
  );
}

/** A new password and its confirmation, with the 8–64 rule shown (recovery and password change). */
export function NewPasswordFields({
  passwordRule,
  confirmRule,
  testIds,
}: {
  passwordRule: Rule;
  confirmRule: Rule;
  testIds: { password: string; confirm: string };
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Form.Item
        name="password"
        label={t('newPassword')}
        required
        rules={[passwordRule]}
        extra={t('passwordHint', PASSWORD_RULE)}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_RULE.max} data-testid={testIds.password} />
      </Form.Item>
      <Form.Item
        name="password_confirm"
        label={t('confirmPassword')}
        required
        dependencies={['password']}
        rules={[confirmRule]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_RULE.max} data-testid={testIds.confirm} />
      </Form.Item>
    </>
  );
}
