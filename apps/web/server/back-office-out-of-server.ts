import type { Plugin } from 'vite';

const STUB = '\0portal:back-office-screen';
/** A domain's back-office screens (`app/features/<domain>/admin/…`), scripts only (not `?url` styles). */
const SCREEN = /[\\/]app[\\/]features[\\/][^\\/]+[\\/]admin[\\/][^?]+\.tsx?$/;
/** The frame and dashboard (`app/features/admin/…`), all but the loading shell the server sends. */
const FRAME = /[\\/]app[\\/]features[\\/]admin[\\/](?!AdminLoading\.)[^\\/?]+\.tsx?$/;

const browserOnly = (id: string) => SCREEN.test(id) || FRAME.test(id);

/**
 * Leaves the back office's frame and screens out of the server bundle. The server never renders them: the
 * back office's layout route sends only its loading shell (`HydrateFallback`) and everything under
 * it renders in the browser. Bundled anyway, their code and the antd components only they use were
 * parsed and evaluated at start and held in every process's heap. On the server each screen module
 * becomes one stand-in whose every export is a component drawing nothing; the browser build is
 * untouched.
 */
export function backOfficeOutOfServer(): Plugin {
  return {
    name: 'portal-back-office-out-of-server',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.config.consumer !== 'server' || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !browserOnly(resolved.id)) return null;
      // Screens importing each other stay as they are: only the way in from the route modules is cut.
      return browserOnly(importer) ? null : STUB;
    },
    load(id) {
      if (id !== STUB) return null;
      return {
        code: 'const Screen = () => null;\nexport default new Proxy({}, { get: () => Screen });\n',
        syntheticNamedExports: true,
      };
    },
  };
}
