import { useEffect } from 'react';
import { siteFromPath } from '@portal/contracts/sites';
import { browserLanguageStore, isSecurePage, storeSite } from './storage';

function storeLanguageOfUrl(): void {
  const site = siteFromPath(window.location.pathname);
  if (site) storeSite(browserLanguageStore(), site, isSecurePage());
}

/**
 * Spec 2: on first load the URL's language becomes the stored language, and again whenever the
 * page becomes visible (another tab may have switched language meanwhile).
 */
export function LanguageSync() {
  useEffect(() => {
    storeLanguageOfUrl();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') storeLanguageOfUrl();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  return null;
}
