import type { ThemeConfig } from 'antd/es/config-provider';

/**
 * The portal's antd theme. antd's default blue (#1677ff) and its 45 % grey fall short of WCAG AA contrast for normal text;
 * these keep every text colour at 4.5:1 or more on white.
 */
export const portalTheme: ThemeConfig = {
  // One antd version on the page: no hash classes needed. A fixed CSS-variable key keeps the class
  // names the same on every page and on both sides, whatever React's useId says.
  hashed: false,
  cssVar: { key: 'portal-antd' },
  token: {
    colorPrimary: '#0b57d0',
    colorLink: '#0b57d0',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Form messages are text: antd's #ff4d4f reaches only 3.2:1 on white.
    colorError: '#cf1322',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
  },
};
