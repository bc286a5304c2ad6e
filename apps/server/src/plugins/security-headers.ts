import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The page policy: scripts only with this request's nonce; no plugins, no base tag, framing by us only. */
export function pageContentSecurityPolicy(nonce: string, storageOrigins: readonly string[] = []): string {
  // The S3 store (direct uploads, presigned downloads) when attachments live there.
  const store = storageOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `style-src-elem 'self' 'nonce-${nonce}'`,
    // antd and React render some layout as style attributes; attributes cannot run script.
    "style-src-attr 'unsafe-inline'",
    // Pictures of other sites in rich text are copied into our storage on publish
    // (platform/uploads/remote-images.ts), so a page never loads one: no tracking pixels. data: and
    // blob: are the editor's previews of a pasted or chosen picture before it is uploaded.
    `img-src 'self' data: blob:${store}`,
    `media-src 'self' blob: https:${store}`,
    "font-src 'self' data:",
    `connect-src 'self'${store}`,
    // The e-magazine's PDF reader runs pdf.js's worker from our own hashed assets.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Headers on every answer; the page policy on HTML, a deny-all policy on everything else. */
export interface SecurityHeadersOptions {
  production: boolean;
  /** The S3 store's origins, allowed to pages for uploads and downloads. */
  storageOrigins?: readonly string[];
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (opts.production) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!reply.hasHeader('Content-Security-Policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header(
        'Content-Security-Policy',
        type.startsWith('text/html')
          ? pageContentSecurityPolicy(request.cspNonce, opts.storageOrigins)
          : "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      );
    }
    return payload;
  });
});
