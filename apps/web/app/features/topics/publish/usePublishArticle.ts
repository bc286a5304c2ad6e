import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { loginPath } from '~/lib/login-link';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { dispatchPublishArticle } from './publish-article-events';

/** Spec 4: a visitor who tries to publish is told to log in and sent there after 1 s. */
const LOGIN_REDIRECT_MS = 1_000;

/**
 * Opens the topic article dialog from a topic's page (the navbar's menu dispatches on its own). A
 * visitor gets 'please log in first' and goes to login with this page as the callback a second later.
 */
export function usePublishArticle() {
  const { t } = useTranslation('topicForm');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (topicId?: number) => {
      if (!user) {
        toast.warning(t('loginFirst'));
        const target = loginPath(site, location, origin || window.location.origin);
        window.setTimeout(() => void navigate(target), LOGIN_REDIRECT_MS);
        return;
      }
      dispatchPublishArticle({ topicId });
    },
    [user, t, site, location, origin, navigate],
  );
}
