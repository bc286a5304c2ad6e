import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { browserRequestEnvironment } from '~/lib/request/browser-environment';
import { configureRequestClient } from '~/lib/request/client';
import { invalidateShell } from '~/lib/session';
import { useShell } from '~/lib/shell';
import { setToasts } from '~/lib/toast';
import type { ToastApi } from '~/lib/ToastHolder';

const ToastHolder = lazy(() => import('~/lib/ToastHolder'));

type Shown = (api: ToastApi) => void;

/**
 * Toasts open just below the portal's header, whatever its height (it wraps, it is compact on
 * phones, the back office has none), so they never cover the navbar (app.css reads the variable).
 */
function placeBelowHeader(): void {
  const header = document.querySelector('.portal-header');
  const bottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  document.documentElement.style.setProperty('--portal-toast-top', `${Math.round(bottom) + 8}px`);
}

/**
 * Hands the request client its UI: toasts, React Router's navigate and the page's language; the same
 * toasts serve features (`lib/toast.ts`). Configured during the first render, before any query of
 * the page can start. The toasts' holder (antd's message) loads with the first toast: until it is
 * mounted, toasts wait in a queue and are shown, in order, as soon as it is.
 */
export function RequestClientBridge() {
  const navigate = useNavigate();
  const { site } = useShell();
  const [holderWanted, setHolderWanted] = useState(false);
  const live = useRef<{ api: ToastApi | null; waiting: Shown[]; navigate: typeof navigate; site: typeof site }>({
    api: null,
    waiting: [],
    navigate,
    site,
  });
  useEffect(() => {
    live.current.navigate = navigate;
    live.current.site = site;
  });
  const onReady = useCallback((api: ToastApi) => {
    live.current.api = api;
    for (const show of live.current.waiting.splice(0)) show(api);
  }, []);

  useState(() => {
    if (typeof window === 'undefined') return;
    const show = (toast: Shown) => {
      placeBelowHeader();
      const { api } = live.current;
      if (api) return toast(api);
      live.current.waiting.push(toast);
      setHolderWanted(true);
    };
    const shown = {
      error: (text: string, seconds?: number) => show((api) => void api.error(text, seconds)),
      success: (text: string) => show((api) => void api.success(text)),
      warning: (text: string) => show((api) => void api.warning(text)),
    };
    setToasts(shown);
    const env = browserRequestEnvironment({
      lang: () => live.current.site.lang,
      toast: shown,
      navigate: (path) => void live.current.navigate(path),
    });
    configureRequestClient({
      ...env,
      // A 401 clears the session storage (spec 8): the member is gone, so the shell asks again.
      sessionStorage: {
        clear: () => {
          env.sessionStorage.clear();
          invalidateShell();
        },
      },
    });
  });
  // Toasts render here, inside ConfigProvider: they get the theme and the CSP nonce.
  return holderWanted ? (
    <Suspense fallback={null}>
      <ToastHolder onReady={onReady} />
    </Suspense>
  ) : null;
}
