import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPath } from '~/lib/login-link';
import { useShell } from '~/lib/shell';

/** Member-only actions of the event pages: a visitor goes to the login page with this page as the callback. */
export function useMemberGate() {
  const { site, user, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const loginHref = loginPath(site, location, origin || (typeof window === 'undefined' ? '' : window.location.origin));
  const gate = useCallback(
    (action: () => void) => {
      if (user) action();
      else void navigate(loginHref);
    },
    [user, navigate, loginHref],
  );
  return { user, gate, loginHref };
}
