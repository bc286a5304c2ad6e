import { Fragment, type ReactNode } from 'react';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';

const LINKED = /<(terms|privacy)>(.*?)<\/\1>/g;

/**
 * The registration agreement, with "terms of use" and "privacy policy" as links to those pages of
 * this site. The catalogue marks them `<terms>…</terms>` and `<privacy>…</privacy>` so each language
 * keeps its own word order. They open in a new tab: the form keeps what was typed.
 */
export function AgreementText() {
  const { t } = useTranslation('auth');
  const { site } = useShell();
  const text = t('agree');
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(LINKED)) {
    const [whole, slug, words] = match;
    parts.push(<Fragment key={`t${at}`}>{text.slice(at, match.index)}</Fragment>);
    parts.push(
      <a
        key={slug}
        href={`/${site.prefix}/${slug}`}
        target="_blank"
        rel="noopener"
        data-testid={`register-${slug}-link`}
      >
        {words}
      </a>,
    );
    at = match.index + whole.length;
  }
  parts.push(<Fragment key="end">{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
