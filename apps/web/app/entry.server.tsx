import { Writable } from 'node:stream';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import type { PortalLoadContext } from '@portal/contracts/ssr';
import { NonceContext } from './lib/nonce';
import { addNonceToStyleTags, injectHeadStyles } from './lib/ssr-html';

declare module 'react-router' {
  // Loaders get the server's load context: `context.api.call(...)`, `context.cspNonce`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PortalLoadContext {}
}

/**
 * One antd style cache for the whole process: the theme's tokens and each component's CSS are
 * computed once instead of on every request (most of a page's render time otherwise). Every page
 * gets all styles registered so far, a bounded set: the antd components the portal renders.
 */
const styleCache = createCache();

/**
 * The extracted stylesheet, kept until the cache holds more entries: after the first few pages the
 * set of registered styles stops growing, and every page then reuses one string instead of
 * serialising some 40 KB of CSS again (a large part of a render's CPU time).
 */
let extracted = { entries: -1, css: '' };
function allStyles(): string {
  // The cache's map only grows on the server (nothing unmounts there), so its size tells new styles.
  const entries = styleCache.cache.size;
  if (entries !== extracted.entries) extracted = { entries, css: extractStyle(styleCache) };
  return extracted.css;
}

/** Rendering gives up after this long; the page then shows what it has. */
export const streamTimeout = 10_000;

/**
 * Renders the whole page before answering (onAllReady): the HTML is complete for visitors and search
 * engines alike, and antd's styles, collected during the render, go into <head> with the request's
 * nonce, so the page is styled from its first paint.
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
        const html = Buffer.concat(chunks).toString('utf8');
        const styles = addNonceToStyleTags(allStyles(), nonce);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(injectHeadStyles(html, styles), { status, headers: responseHeaders }));
        done();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <StyleProvider cache={styleCache}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StyleProvider>
      </NonceContext>,
      {
        nonce,
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
