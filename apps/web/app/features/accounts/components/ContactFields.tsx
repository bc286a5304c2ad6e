import { TextField } from '~/components/form/Form';
import { useTranslation } from '~/lib/use-translation';

/** Contact mobile and email, as the information page and the account settings ask for them. */
export function ContactFields({ testIds }: { testIds: { mobile: string; email: string } }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        name="user_contact_mobile"
        label={t('contactMobile')}
        required
        hint={t('mobileHint')}
        type="tel"
        autoComplete="tel"
        maxLength={16}
        testId={testIds.mobile}
      />
      <TextField
        name="user_contact_email"
        label={t('contactEmail')}
        required
        type="email"
        autoComplete="email"
        maxLength={254}
        testId={testIds.email}
      />
    </>
  );
}
