import type { ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { LoadingOverlay } from '~/components/loading/LoadingOverlay';
import { BackToTop } from './BackToTop';
import { Footer } from './Footer';
import { footerHidden, isAdminView } from './layout-flags';
import { Navbar } from './Navbar';

/** What features put into the shell; the root route composes them (the shell imports no feature). */
export interface SiteLayoutSlots {
  /** In the navbar, for a signed-in member: the in-site messages' bell. */
  messageBell?: ReactNode;
  /** The feedback button (not in the back office's embedded view). */
  feedback?: ReactNode;
  /** The publish-post dialog's host, opened by the navbar publish menu's "post" entry. */
  publishPost?: ReactNode;
  /** The topic article dialog's host, opened by the publish menu's "topic article" entry and topic pages. */
  publishArticle?: ReactNode;
  /** The e-magazine submission dialog's host, opened by the publish menu's "e-magazine submission" entry. */
  submitJournal?: ReactNode;
}

/**
 * Navbar, main area and footer of every page, with the global overlay, the feedback button (not in
 * the back office's embedded view) and the back-to-top button.
 */
export function SiteLayout({ children, slots = {} }: { children: ReactNode; slots?: SiteLayoutSlots }) {
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
          <Navbar messageBell={slots.messageBell} />
        </>
      )}
      <main id="main" className="portal-main" tabIndex={-1}>
        {children}
      </main>
      {showFooter ? <Footer /> : null}
      <LoadingOverlay />
      {admin ? null : slots.feedback}
      {/* The navbar publish menu's "post" entry (and the discussions page) open this dialog. */}
      {admin ? null : slots.publishPost}
      {admin ? null : slots.publishArticle}
      {admin ? null : slots.submitJournal}
      <BackToTop />
    </>
  );
}
