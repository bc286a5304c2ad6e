import Alert from 'antd/es/alert';
import { useTranslation } from '~/lib/use-translation';

/**
 * The note at the top of a screen of the site's content: what the screen manages (when it says so),
 * then when visitors see a change (the page cache's few seconds).
 */
export function SiteAdminNote({ lead }: { lead?: string }) {
  const { t } = useTranslation('siteAdmin');
  const note = t('cacheNote');
  return <Alert type="info" showIcon title={lead ? `${lead} ${note}` : note} className="site-admin__note" />;
}
