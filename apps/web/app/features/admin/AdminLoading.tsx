import { useTranslation } from '~/lib/use-translation';

/**
 * What the server renders for `/admin` and what shows while the frame loads in the browser: the
 * back office is drawn on the client only, so no staff data is ever in the server's HTML.
 */
export function AdminLoading() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-loading" role="status" aria-live="polite" data-testid="admin-loading">
      {t('loading')}
    </div>
  );
}
