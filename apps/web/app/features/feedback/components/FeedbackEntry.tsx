import { useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { Permitted } from '~/components/permission/Permitted';
import { loginPath } from '~/lib/login-link';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import type { FeedbackDialogProps } from './FeedbackDialog';

/**
 * The floating "feedback" button above the back-to-top button, on every portal page (not in the
 * back office's embedded view). A member gets the feedback dialog, which is its own chunk fetched
 * on the first press, so no page pays for it up front; a visitor goes to the login page and comes
 * back here (spec 4). Under the permission switch of spec 6 it shows only to those holding
 * `feedback.send` (so not to visitors, whose list is empty); the server refuses the call either way.
 */
export function FeedbackEntry() {
  const { t } = useTranslation('feedback');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const [Dialog, setDialog] = useState<ComponentType<FeedbackDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  const press = () => {
    if (!user) {
      // The login page says why they are there (feedback needs an account to be answered).
      void navigate(loginPath(site, location, origin, 'feedback'));
      return;
    }
    if (Dialog) {
      setOpen(true);
      return;
    }
    setLoading(true);
    // A failed fetch (a new release, a dropped connection) is tried again on the next press.
    import('./FeedbackDialog').then(
      (module) => {
        setLoading(false);
        setDialog(() => module.default);
        setOpen(true);
      },
      () => {
        setLoading(false);
        toast.error(t('loadFailed'));
      },
    );
  };

  return (
    <Permitted action={PERMISSIONS.feedbackSend}>
      <button
        type="button"
        className="portal-feedback-button"
        data-testid="feedback-open"
        aria-label={t('open')}
        aria-haspopup="dialog"
        aria-busy={loading}
        title={t('open')}
        onClick={press}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 3h16a2 2 0 012 2v11a2 2 0 01-2 2H8.4L4 21.5V18a2 2 0 01-2-2V5a2 2 0 012-2zm0 2v11h2v1.5L7.6 16H20V5H4zm3 3h10v2H7V8zm0 4h7v2H7v-2z"
          />
        </svg>
      </button>
      {Dialog ? <Dialog open={open} onClose={() => setOpen(false)} /> : null}
    </Permitted>
  );
}
