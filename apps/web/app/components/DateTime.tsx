import { useSyncExternalStore } from 'react';
import { SITE_TIME_ZONE, formatDate } from '~/lib/format';
import { useShell } from '~/lib/shell';

const noSubscription = () => () => {};
const visitorTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A `<time>` that the server renders in the site's zone and the browser then shows in the visitor's
 * own zone; React swaps the text right after hydration without a mismatch.
 */
export function DateTime({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const { site } = useShell();
  const timeZone = useSyncExternalStore(noSubscription, visitorTimeZone, () => SITE_TIME_ZONE[site.lang]);
  return <time dateTime={iso}>{formatDate(iso, site, { withTime, timeZone })}</time>;
}
