import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import message from 'antd/es/message';
import { browserRequestEnvironment } from '~/lib/request/browser-environment';
import { configureRequestClient } from '~/lib/request/client';
import { invalidateShell } from '~/lib/session';
import { useShell } from '~/lib/shell';
import { setToasts } from '~/lib/toast';

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
 * Hands the request client its UI: antd's message toasts, React Router's navigate and the page's
 * language; the same toasts serve features (`lib/toast.ts`). Configured during the first render,
 * before any query of the page can start.
 */
export function RequestClientBridge() {
  const [toasts, toastHolder] = message.useMessage();
  const navigate = useNavigate();
  const { site } = useShell();
  const live = useRef({ toasts, navigate, site });
  useEffect(() => {
    live.current = { toasts, navigate, site };
  });

  useState(() => {
    if (typeof window === 'undefined') return;
    const shown = {
      error: (text: string, seconds?: number) => void (placeBelowHeader(), live.current.toasts.error(text, seconds)),
      success: (text: string) => void (placeBelowHeader(), live.current.toasts.success(text)),
      warning: (text: string) => void (placeBelowHeader(), live.current.toasts.warning(text)),
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
  return toastHolder;
}
