import crypto from 'node:crypto';
import net from 'node:net';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { callUrl } from '@portal/contracts/call';
import type { Envelope } from '@portal/contracts/envelope';
import { REQUEST_HEADERS, type PortalLoadContext } from '@portal/contracts/ssr';
import type { Config } from './config';
import type { Database } from './db/database';
import { accountsFeature } from './features/accounts/accounts.feature';
import { createAccountsModule } from './features/accounts/accounts.module';
import { authPlugin } from './features/accounts/auth.plugin';
import { adminFeature } from './features/admin/admin.feature';
import { bannersFeature } from './features/banners/banners.feature';
import { discussionsFeature } from './features/discussions/discussions.feature';
import { eventsFeature } from './features/events/events.feature';
import { expertsFeature } from './features/experts/experts.feature';
import { expertApplicationsFeature } from './features/expert-applications/expert-applications.feature';
import { cooperationFeature } from './features/cooperation/cooperation.feature';
import { feedbackFeature } from './features/feedback/feedback.feature';
import { followsFeature } from './features/follows/follows.feature';
import { healthRoutes } from './features/health/health.routes';
import { homeFeature } from './features/home/home.feature';
import { pagesFeature } from './features/pages/pages.feature';
import { topicsFeature } from './features/topics/topics.feature';
import { journalFeature } from './features/journal/journal.feature';
import { raffleFeature } from './features/raffle/raffle.feature';
import { systemClock } from './lib/clock';
import { createDocumentWork } from './lib/document-work/document-work';
import { createPostgresSearchReaders, createSearchReaders } from './platform/search/search-readers';
import { remoteImages } from './platform/uploads/remote-images';
import { jobRunner } from './lib/jobs';
import { auditFeature } from './platform/audit/audit.feature';
import { dictionariesFeature } from './platform/dictionaries/dictionaries.feature';
import { registerFeatures, type PortalDeps } from './platform/kit/feature';
import { messagesFeature } from './platform/messages/messages.feature';
import { reviewsFeature } from './platform/reviews/reviews.feature';
import { rolesFeature } from './platform/roles/roles.feature';
import { settingsFeature } from './platform/settings/settings.feature';
import { pointsFeature } from './platform/points/points.feature';
import { searchFeature } from './platform/search/search.feature';
import { uploadsFeature } from './platform/uploads/uploads.feature';
import { createStorage, storageOrigins } from './lib/storage';
import { accessGuardPlugin } from './http/access-guard';
import { inProcessCalls, type InProcessCall } from './http/in-process-call';
import { shellViewer } from './http/shell-viewer';
import { apiGuardPlugin } from './plugins/api-guard';
import { compressionPlugin } from './plugins/compression';
import { envelopePlugin } from './plugins/envelope';
import { openApiPlugin } from './plugins/openapi';
import { overloadPlugin } from './plugins/overload';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestContextPlugin } from './plugins/request-context';
import { securityHeadersPlugin } from './plugins/security-headers';

export interface AppDeps {
  config: Config;
  database: Database;
  redis?: Redis;
  /** Serve the server-rendered pages (off in API-only tests). */
  pages?: boolean;
  /** The prefix of the keys processes share in Redis (rate-limit counters, post viewers); tests give each app its own. */
  redisNameSpace?: string;
  logger?: boolean | object;
  /** Tests only: addresses the remote-picture fetch may reach besides public ones (a loopback test server). */
  remoteImagesAllowAddress?: (address: string) => boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
/** At most this long, SIGTERM lets kept-alive clients learn of the shutdown before idle connections are dropped. */
const DRAIN_GRACE_MS = 1000;

/** Resolves when the server holds no connection any more, or after `maxMs`. */
async function untilNoConnections(app: FastifyInstance, maxMs: number): Promise<void> {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    const open = await new Promise<number>((resolve) => app.server.getConnections((err, n) => resolve(err ? 0 : n)));
    if (open === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Builds the portal: plugins first (order matters and is spelled out here), then the features,
 * registered by name in one list.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const redisNameSpace = deps.redisNameSpace ?? 'portal-';
  let shuttingDown = false;

  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    },
    return503OnClosing: true,
  });
  // The API speaks JSON only; a text body is refused with 415 instead of being parsed.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('registeredCalls', []);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // While draining, answers close their connection so kept-alive clients let the server stop.
    if (shuttingDown) reply.header('connection', 'close');
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (shuttingDown) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('preClose', async () => {
    shuttingDown = true;
    // Fastify now answers requests 503 with Connection: close. Node's server.close(), next, drops
    // idle kept-alive connections at once, and a client that was just sending on one of them would
    // see a reset. So first stop accepting connections only (the net listener, without the HTTP
    // server's dropping of idle ones) and give kept-alive clients a moment to get that answer and
    // close their connections themselves; server.close() then finds nothing, or only the truly idle.
    if (app.server.listening) {
      net.Server.prototype.close.call(app.server);
      await untilNoConnections(app, DRAIN_GRACE_MS);
    }
  });
  // The app owns its connections: closing it (SIGTERM, tests) closes the database and Redis too.
  app.addHook('onClose', async () => {
    await database.close();
    if (deps.redis) await deps.redis.quit();
  });

  // 1. Request basics: compression, cookies, the spec-7 request context, the envelope for every error.
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(requestContextPlugin);
  await app.register(envelopePlugin);
  // 1b. Overload: past the event-loop or heap limit, 503 with Retry-After at once (health checks exempt).
  await app.register(overloadPlugin, config.overload);
  await app.register(securityHeadersPlugin, {
    production: config.env === 'production',
    storageOrigins: storageOrigins(config.storage),
  });
  // 2. API guards: isapi/CSRF and the write rate limit.
  await app.register(apiGuardPlugin);
  await app.register(rateLimitPlugin, {
    writesPerMinute: config.rateLimitWritesPerMinute,
    redis: deps.redis,
    nameSpace: `${redisNameSpace}rl-`,
  });
  // 2b. What every feature is built from, and the jobs they run (started when the app is ready).
  const jobs = jobRunner(app.log);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
  // Heavy document work (Word import) goes to one worker pool, ended with the app.
  const documentWork = createDocumentWork(config.documentWork);
  app.addHook('onClose', () => documentWork.close());
  // Searches read beside the requests: on a SQLite file in threads of their own, on PostgreSQL
  // through connections of their own.
  const searchReaders =
    config.database.kind === 'postgres'
      ? await createPostgresSearchReaders({ url: config.database.url, connections: config.searchReaderConnections })
      : config.database.file !== ':memory:' && config.searchReaderThreads > 0
        ? createSearchReaders({ file: config.database.file, threads: config.searchReaderThreads })
        : undefined;
  if (searchReaders) app.addHook('onClose', () => searchReaders.close());
  const storage = await createStorage(config.storage, config.uploadsDir);
  const portal: PortalDeps = {
    db: database.db,
    config,
    redis: deps.redis,
    redisNameSpace,
    clock: systemClock,
    log: app.log,
    jobs,
    storage,
    documentWork,
    searchReaders,
    // Rich text saved by posts and pages: pictures of other sites copied into our storage.
    remoteImages: remoteImages({
      db: database.db,
      storage,
      uploadsDir: config.uploadsDir,
      ownOrigins: storageOrigins(config.storage),
      allowAddress: deps.remoteImagesAllowAddress,
    }),
  };
  // 2c. Sessions: request.currentUser() for the access rules; mail and SMS for one-time codes.
  const accounts = await createAccountsModule(portal);
  app.addHook('onClose', accounts.close);
  await app.register(authPlugin, { db: database.db, sessions: accounts.sessions, cookie: accounts.cookie });
  // 3. The API document, before any route so that every route is in it; then the access guard, which
  //    refuses to register an /api route without an access rule and enforces the rule of each.
  await app.register(openApiPlugin);
  await app.register(accessGuardPlugin);

  // 4. Health, then the features: one line each, in this order. What a feature contributes to
  //    others (review kinds, home and dashboard figures, dictionary uses) is declared in its own
  //    `*.feature.ts` and handed to every feature.
  await app.register(healthRoutes, {
    checkReady: async () => {
      await database.ping();
      if (deps.redis) await deps.redis.ping();
    },
    isShuttingDown: () => shuttingDown,
    isUnderPressure: () => app.isUnderPressure(),
  });
  await registerFeatures(app, portal, [
    homeFeature,
    bannersFeature,
    eventsFeature,
    topicsFeature,
    journalFeature,
    discussionsFeature,
    expertsFeature,
    expertApplicationsFeature,
    cooperationFeature,
    dictionariesFeature,
    accountsFeature(accounts),
    followsFeature,
    adminFeature,
    auditFeature,
    feedbackFeature,
    reviewsFeature,
    messagesFeature,
    uploadsFeature,
    settingsFeature,
    pointsFeature,
    raffleFeature,
    pagesFeature,
    rolesFeature,
    searchFeature,
  ]);

  // 5. Server-rendered pages last: they catch every other GET.
  if (deps.pages) {
    const { registerWebPages } = await import('./features/web/web.routes');
    await registerWebPages(app, {
      webBuildDir: config.webBuildDir,
      isProduction: config.env === 'production',
      ssrCacheSeconds: config.ssrCacheSeconds,
      publicUrl: config.publicUrl,
      createLoadContext: (request, reply) => createLoadContext(app, request, reply, config.publicUrl),
      renders: {
        maxActive: config.overload.maxRenders,
        maxQueued: config.overload.maxQueuedRenders,
        maxWaitMs: config.overload.maxRenderWaitMs,
        retryAfterSeconds: config.overload.retryAfterSeconds,
      },
    });
  }

  return app;
}

/**
 * Loaders call the API in-process with the same access rules, validation and answers as the
 * browser: reads run the call's handler directly (http/in-process-call.ts), with the page request's
 * session resolved once; writes, if a loader ever made one, go through the route with the
 * visitor's cookies and address.
 */
export function createLoadContext(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
): PortalLoadContext {
  const throughRoute: InProcessCall = async (call, siteCode, body) => {
    const res = await app.inject({
      method: 'POST',
      url: callUrl(call, siteCode),
      // The visitor's address, not the loopback's: views and limits count the visitor.
      remoteAddress: request.ip,
      headers: {
        [REQUEST_HEADERS.isapi]: '1',
        'content-type': 'application/json',
        'x-request-id': request.id,
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      },
      payload: JSON.stringify(body ?? {}),
    });
    return res.json() as Envelope;
  };
  const call = inProcessCalls(app, request, reply, throughRoute);
  return {
    cspNonce: request.cspNonce,
    requestId: request.id,
    publicUrl,
    api: {
      call: (contract, siteCode, body) => call(contract, siteCode, body) as Promise<Envelope<never>>,
    },
    viewer: (siteCode) => shellViewer(request, siteCode),
  };
}
