import { useContext, type ComponentType, type ReactNode } from 'react';
import { Provider as MotionProvider } from '@rc-component/motion';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Lang } from '@portal/contracts/sites';
import { AntdUsageContext } from './antd-usage';
import { useNonce } from './nonce';
import { usePrefersReducedMotion } from './reduced-motion';
import { useShell } from './shell';
import { portalTheme } from './theme';

const antdLocales = { zh: zhCN, en: enUS } satisfies Record<Lang, unknown>;

/**
 * antd's theme, language and CSP nonce around a part of a page that draws antd components. The
 * shell holds no ConfigProvider: a page that shows no antd component (home, the discussion list, a
 * post page, the content pages) loads none of antd at start. Each antd part wraps itself instead:
 * the form pages and the back office in their route modules, and every lazy chunk (dialogs, toasts,
 * popovers, the editor) in its own module through `withPortalAntd`, so ConfigProvider arrives with
 * the chunk that needs it.
 *
 * A member whose system asks for reduced motion gets antd's dialogs, popovers, menus and toasts
 * without their zoom, fade and slide: they appear and go at once (WCAG 2.3.3). The motion context is
 * set directly rather than through the theme's `motion` token, which would change the stylesheet's
 * hashes between the server's render and the browser's.
 */
export function PortalAntd({ children }: { children: ReactNode }) {
  const { site } = useShell();
  const nonce = useNonce();
  const reducedMotion = usePrefersReducedMotion();
  const usage = useContext(AntdUsageContext);
  // On the server: this page needs antd's stylesheet (entry.server.tsx links it).
  if (usage) usage.rendered = true;
  return (
    <ConfigProvider
      locale={antdLocales[site.lang]}
      theme={portalTheme}
      csp={{ nonce }}
      // No space between two CJK characters ("登 录"): buttons are named as they are written.
      button={{ autoInsertSpace: false }}
    >
      <MotionProvider motion={!reducedMotion}>{children}</MotionProvider>
    </ConfigProvider>
  );
}

/** `Component` inside `PortalAntd`: what a lazy module exports, so its chunk carries the provider. */
export function withPortalAntd<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Themed(props: P) {
    return (
      <PortalAntd>
        <Component {...props} />
      </PortalAntd>
    );
  }
  Themed.displayName = `PortalAntd(${Component.displayName ?? Component.name})`;
  return Themed;
}
