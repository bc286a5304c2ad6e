import { lazy, Suspense, useState } from 'react';
import type { ReportTarget } from '@portal/contracts/moderation';
import { PortalButton } from '~/components/PortalButton';
import { loginPath } from '~/lib/login-link';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { useLocation, useNavigate } from 'react-router';
import './moderation.css';

// The dialog (antd's modal and form) loads on the first press: a page of comments shows a button on
// each, and most readers never press one.
const ReportDialog = lazy(() => import('./ReportDialog'));

/**
 * "Report" on a post or a comment: a dialog asking the reason (1 to 500 characters), sent to the
 * moderators of the post's board. A visitor goes to the login page and comes back (spec 4); a
 * second report of the same item while the first is open is refused by the server with its message.
 */
export function ReportButton({
  targetKind,
  targetId,
  size,
  type = 'text',
}: {
  targetKind: ReportTarget;
  targetId: number;
  size?: 'small' | 'middle';
  type?: 'text' | 'link' | 'default';
}) {
  const { t } = useTranslation('moderation');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [pressed, setPressed] = useState(false);

  const press = () => {
    if (!user) {
      void navigate(loginPath(site, location, origin || window.location.origin));
      return;
    }
    setPressed(true);
    setOpen(true);
  };

  return (
    <>
      <PortalButton
        variant={type}
        className={size === 'small' ? 'moderation-small-button' : undefined}
        onClick={press}
        data-testid={`report-${targetKind}-${targetId}`}
      >
        {t('ui.report')}
      </PortalButton>
      {pressed && (
        <Suspense fallback={null}>
          <ReportDialog targetKind={targetKind} targetId={targetId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
