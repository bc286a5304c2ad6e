import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { homePath } from '@portal/contracts/sites';
import { useShell } from '~/lib/shell';

export function SiteLogo() {
  const { t } = useTranslation('common');
  const { site } = useShell();
  return (
    <Link to={homePath(site)} className="portal-logo" data-testid="site-logo">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#0b4fae" />
        <path d="M8 10h16v3H8zm0 5h16v3H8zm0 5h16v3H8z" fill="#fff" />
      </svg>
      <span className="portal-logo__name">{t('siteName')}</span>
    </Link>
  );
}
