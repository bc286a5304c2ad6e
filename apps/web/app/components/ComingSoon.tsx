import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homePath } from '@portal/contracts/sites';
import { useShell } from '~/lib/shell';
import type { TitleKey } from '~/pages';

/** A section whose page is not built yet: its title and a short note. */
export function ComingSoon({ titleKey }: { titleKey: TitleKey }) {
  const { t } = useTranslation('pages');
  const { site } = useShell();
  return (
    <section className="portal-page portal-coming-soon" data-testid="coming-soon">
      <h1>{t(`titles:${titleKey}`)}</h1>
      <p>{t('comingSoon')}</p>
      <p>
        <Link to={homePath(site)}>{t('backHome')}</Link>
      </p>
    </section>
  );
}
