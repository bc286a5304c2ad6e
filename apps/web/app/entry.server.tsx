import { Writable } from 'node:stream';
import { StyleProvider } from '@ant-design/cssinjs';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import type { PortalLoadContext } from '@portal/contracts/ssr';
import { NonceContext } from './lib/nonce';
import { AntdUsageContext, type AntdUsage } from './lib/antd-usage';
import { InlineStylesContext } from './lib/inline-styles';
import { currentStylesheet, STYLESHEET_PREFIX, styleCache } from './lib/antd-stylesheet.server';
import { injectIntoHead, paintBeforeHydration, stylesheetLink } from './lib/ssr-html';
import { withRoutesOfPage } from './lib/page-routes.server';
import appCss from './styles/app.css?inline';

declare module 'react-router' {
  // Loaders get the server's load context: `context.api.call(...)`, `context.cspNonce`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PortalLoadContext {}
}

/** Rendering gives up after this long; the page then shows what it has. */
export const streamTimeout = 10_000;

/**
 * Renders the whole page before answering (onAllReady): the HTML is complete for visitors and search
 * engines alike, and the stylesheet of antd's styles, which include those collected during this
 * render, is linked from <head> when the page drew antd (lib/antd-usage.ts), so the page is styled
 * from its first paint.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> | Response {
  if (request.method.toUpperCase() === 'HEAD') {
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.cspNonce || undefined;

  const antdUsage: AntdUsage = { rendered: false };

  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let abortRender = () => {};
    const timer = setTimeout(() => abortRender(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        const page = paintBeforeHydration(Buffer.concat(chunks));
        const html = antdUsage.rendered
          ? injectIntoHead(page, stylesheetLink(`${STYLESHEET_PREFIX}${currentStylesheet().name}`))
          : page;
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(html, { status, headers: responseHeaders }));
        done();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <InlineStylesContext value={appCss}>
          <AntdUsageContext value={antdUsage}>
            <StyleProvider cache={styleCache}>
              <ServerRouter context={withRoutesOfPage(routerContext)} url={request.url} nonce={nonce} />
            </StyleProvider>
          </AntdUsageContext>
        </InlineStylesContext>
      </NonceContext>,
      {
        // Scripts and the hoisted style resource (the app's inline stylesheet) carry the page's
        // nonce. React 19.2 takes { script, style }; @types/react-dom still names only a string.
        nonce: (nonce ? { script: nonce, style: nonce } : undefined) as string | undefined,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    abortRender = abort;
  });
}
