import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import { SITES, homePath, siteById } from '@portal/contracts/sites';
import { currSiteDataQuery } from '~/lib/query/site-queries';
import { browserLanguageStore, isSecurePage, storeSite } from '~/lib/language/storage';
import { useShell } from '~/lib/shell';
import { DisclosureMenu } from './DisclosureMenu';
import { GlobeIcon } from './icons';

/**
 * Language dropdown (spec 4 "Language switch"): stores the choice in the siteData cookie and
 * localStorage, then loads that language's home page.
 */
export function LanguageMenu() {
  const { t } = useTranslation('nav');
  const { site } = useShell();
  const { data } = useQuery(currSiteDataQuery(site));
  const nameOf = (id: number) => data?.lang_list.find((l) => l.tws_id === id)?.tws_name ?? siteById(id)?.tws_name ?? '';

  const onSelect = (key: string) => {
    const chosen = siteById(key);
    if (!chosen) return;
    storeSite(browserLanguageStore(), chosen, isSecurePage());
    window.location.assign(homePath(chosen));
  };

  return (
    <DisclosureMenu
      testId="language-menu"
      className="portal-language"
      icon={<GlobeIcon />}
      triggerLabel={`${t('language')}: ${nameOf(site.tws_id)}`}
      // The name hides on a narrow desktop (the globe and the label stay); the drawer shows it.
      trigger={<span className="portal-header__label">{nameOf(site.tws_id)}</span>}
      items={SITES.map((s) => ({
        key: String(s.tws_id),
        label: nameOf(s.tws_id),
        lang: s.htmlLang,
        current: s.tws_id === site.tws_id,
        testId: `language-option-${s.lang}`,
      }))}
      onSelect={onSelect}
    />
  );
}
