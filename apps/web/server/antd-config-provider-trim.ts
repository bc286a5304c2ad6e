import type { Plugin } from 'vite';

const STUB = '\0portal:antd-no-unique-tooltip';

/**
 * antd's ConfigProvider imports the tooltip's UniqueProvider (and with it the whole popup machinery
 * of @rc-component/trigger) for its `tooltip={{ unique: true }}` option, which the portal never sets.
 * Every page loads ConfigProvider at start, so that import alone put about 10 KB gzip of popup code
 * into every page's JavaScript at start. This swaps it, for ConfigProvider only, for a component that
 * renders its children: tooltips keep their own UniqueProvider, and pages that show a tooltip load
 * the trigger with it. Setting `tooltip.unique` on the portal's ConfigProvider would do nothing.
 */
export function antdConfigProviderTrim(): Plugin {
  return {
    name: 'portal-antd-config-provider-trim',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../tooltip/UniqueProvider' || !importer) return null;
      return /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer) ? STUB : null;
    },
    load(id) {
      return id === STUB ? 'export default function UniqueProvider(props) { return props.children; }' : null;
    },
  };
}
