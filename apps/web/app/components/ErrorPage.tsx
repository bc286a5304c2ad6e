import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { homePath } from '@portal/contracts/sites';
import { useShell } from '~/lib/shell';

/** The /404 and /401 pages (spec 2), in the language their URL names (`?lang=`), else the stored one. */
export function ErrorPage({
  code,
  titleKey,
  textKey,
}: {
  code: number;
  titleKey: 'notFound' | 'noPermission';
  textKey: 'notFoundText' | 'noPermissionText';
}) {
  const { t } = useTranslation('pages');
  const { site } = useShell();
  return (
    <section className="portal-page portal-error-page" data-testid={`error-${code}`}>
      <p className="portal-error-page__code" aria-hidden="true">
        {code}
      </p>
      <h1>{t(`titles:${titleKey}`)}</h1>
      <p>{t(textKey)}</p>
      <p>
        <Link to={homePath(site)} data-testid="back-home">
          {t('backHome')}
        </Link>
      </p>
    </section>
  );
}
