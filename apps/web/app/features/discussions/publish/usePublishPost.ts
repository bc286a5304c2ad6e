import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { loginPath } from '~/lib/login-link';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { dispatchPublishPost } from './publish-post-events';

/** Spec 4: a visitor who tries to publish is told to log in and sent there after 1 s. */
export const LOGIN_REDIRECT_MS = 1_000;

/**
 * Opens the publish-post dialog from anywhere on the portal: `publish()` for a new post (optionally
 * in a board), `edit(postId)` for one's own post. The dialog's code is fetched on the first opening.
 * A visitor (empty user info) gets 'please log in first' and goes to login with this page as the
 * callback a second later; a member whose information is incomplete gets the server's 203 answer
 * (its message, then the personal centre), as with every member-only call.
 */
export function usePublishPost() {
  const { t } = useTranslation('postForm');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();

  const open = useCallback(
    (detail: { postId?: number; boardId?: number }) => {
      if (!user) {
        toast.warning(t('loginFirst'));
        const target = loginPath(site, location, origin || window.location.origin);
        window.setTimeout(() => void navigate(target), LOGIN_REDIRECT_MS);
        return;
      }
      dispatchPublishPost(detail);
    },
    [user, t, site, location, origin, navigate],
  );

  return {
    publish: useCallback((boardId?: number) => open({ boardId }), [open]),
    edit: useCallback((postId: number) => open({ postId }), [open]),
  };
}
