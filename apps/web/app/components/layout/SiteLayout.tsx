import type { ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { LoadingOverlay } from '~/components/loading/LoadingOverlay';
import { PublishPostHost } from '~/features/discussions/publish/PublishPostHost';
import { FeedbackEntry } from '~/features/feedback/components/FeedbackEntry';
import { BackToTop } from './BackToTop';
import { Footer } from './Footer';
import { footerHidden, isAdminView } from './layout-flags';
import { Navbar } from './Navbar';

/**
 * Navbar, main area and footer of every page, with the global overlay, the feedback button (not in
 * the back office's embedded view) and the back-to-top button.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { search } = useLocation();
  const matches = useMatches();
  const admin = isAdminView(search);
  const showFooter = !admin && !footerHidden(matches.map((m) => m.handle));

  return (
    <>
      {admin ? null : (
        <>
          <a href="#main" className="portal-skip-link">
            {t('skipToContent')}
          </a>
          <Navbar />
        </>
      )}
      <main id="main" className="portal-main" tabIndex={-1}>
        {children}
      </main>
      {showFooter ? <Footer /> : null}
      <LoadingOverlay />
      {admin ? null : <FeedbackEntry />}
      {/* The navbar publish menu's "post" entry (and the discussions page) open this dialog. */}
      {admin ? null : <PublishPostHost />}
      <BackToTop />
    </>
  );
}
