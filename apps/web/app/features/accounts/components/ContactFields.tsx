import { useTranslation } from '~/lib/use-translation';
import Form, { type Rule } from 'antd/es/form';
import Input from 'antd/es/input';

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
