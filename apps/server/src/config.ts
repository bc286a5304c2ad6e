import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { SESSION_TTL_MS, SIGN_IN_FAILURES_ALLOWED, SIGN_IN_WINDOW_MS } from '@portal/contracts/accounts';
import type { DocumentWorkSettings } from './lib/document-work/document-work';
import { readStorageConfig, type StorageConfig } from './lib/storage/storage-config';

const boolean = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { message: 'must be true or false' })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v) || /^sqlite:/.test(v), {
      message: 'must start with postgres:// or sqlite:',
    })
    .optional(),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), { message: 'must start with redis:// or rediss://' })
    .optional(),
  ADMIN_PASSWORD: z.string().min(12, { message: 'must be at least 12 characters' }).optional(),
  ADMIN_EMAIL: z.email({ message: 'must be an email address' }).default('admin@storage-community.local'),
  SEED_DEMO: boolean.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_BUILD_DIR: z.string().min(1).optional(),
  TRUST_PROXY: boolean.default(false),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number({ message: 'must be a number' }).int().min(1).default(60),
  SSR_CACHE_SECONDS: z.coerce.number({ message: 'must be a number' }).min(0).default(5),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().min(0).default(10_000),
  SESSION_TTL_MS: z.coerce.number({ message: 'must be a number' }).int().min(60_000).default(SESSION_TTL_MS),
  SIGN_IN_FAILURES_ALLOWED: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1)
    .default(SIGN_IN_FAILURES_ALLOWED),
  SIGN_IN_WINDOW_MS: z.coerce.number({ message: 'must be a number' }).int().min(1_000).default(SIGN_IN_WINDOW_MS),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/[^/]/.test(v), { message: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Storage Community <no-reply@storage-community.local>'),
  MAIL_OUTBOX: boolean.optional(),
  DOCUMENT_WORK_THREADS: z.coerce.number({ message: 'must be a number' }).int().min(1).optional(),
  DOCUMENT_WORK_MEMORY_MB: z.coerce.number({ message: 'must be a number' }).int().min(16).default(96),
  DOCUMENT_WORK_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().min(100).default(20_000),
  DOCUMENT_WORK_QUEUE: z.coerce.number({ message: 'must be a number' }).int().min(0).default(16),
  SEARCH_READER_THREADS: z.coerce.number({ message: 'must be a number' }).int().min(0).optional(),
  SEARCH_READER_CONNECTIONS: z.coerce.number({ message: 'must be a number' }).int().min(1).optional(),
  PUBLIC_URL: z
    .string()
    .refine(isOrigin, { message: 'must be an http(s) origin without a path, such as https://community.example.com' })
    .optional(),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number({ message: 'must be a number' }).int().min(0).default(1000),
  OVERLOAD_MAX_HEAP_RATIO: z.coerce.number({ message: 'must be a number' }).min(0).max(1).default(0.95),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(1).default(10),
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number({ message: 'must be a number' }).int().min(0).default(32),
  OVERLOAD_MAX_RENDERS: z.coerce.number({ message: 'must be a number' }).int().min(1).optional(),
  OVERLOAD_MAX_QUEUED_RENDERS: z.coerce.number({ message: 'must be a number' }).int().min(0).default(24),
  OVERLOAD_MAX_RENDER_WAIT_MS: z.coerce.number({ message: 'must be a number' }).int().min(1).default(2000),
});

/** An absolute http(s) origin: scheme, host and port, nothing after but an optional `/`. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && value.replace(/\/$/, '').toLowerCase() === url.origin
    );
  } catch {
    return false;
  }
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl?: string;
  adminPassword?: string;
  adminEmail: string;
  seedDemo: boolean;
  logLevel: string;
  webBuildDir: string;
  trustProxy: boolean;
  rateLimitWritesPerMinute: number;
  ssrCacheSeconds: number;
  shutdownTimeoutMs: number;
  /** Sliding session lifetime: a session unused this long ends. */
  sessionTtlMs: number;
  signIn: { failuresAllowed: number; windowMs: number };
  mail: {
    /** Real delivery over SMTP (nodemailer); unset in the outbox mode. */
    smtpUrl?: string;
    from: string;
    /**
     * Mail and SMS are caught on this machine and kept in the dev_outbox table, readable at
     * GET /api/dev/outbox. On by default outside production when SMTP_URL is unset.
     */
    outbox: boolean;
  };
  /** Where attachments are kept (lib/storage): local disk by default, or an S3-compatible store. */
  storage: StorageConfig;
  /** The worker pool of document work (lib/document-work): Word import now, later spreadsheets and PDFs. */
  documentWork: DocumentWorkSettings;
  /**
   * Worker threads that read searches on SQLite (platform/search/search-readers.ts), never more than
   * the cores; 0 reads them on the main thread. PostgreSQL and an in-memory database use none.
   */
  searchReaderThreads: number;
  /**
   * Connections that read searches on PostgreSQL, a pool of their own (decision 052): by default the
   * cores and one more.
   */
  searchReaderConnections: number;
  /**
   * The portal's own origin (`https://community.example.com`, no trailing slash): canonical,
   * hreflang, sitemap and mail links are built from it, never from a request's Host header.
   */
  publicUrl: string;
  /**
   * Overload protection (@fastify/under-pressure): past these, requests are answered 503 with
   * Retry-After at once. 0 turns a check off.
   */
  overload: {
    maxEventLoopDelayMs: number;
    maxHeapRatio: number;
    retryAfterSeconds: number;
    maxInFlight: number;
    /** Page renders at once (features/web/render-gate.ts), and how many may wait, and how long. */
    maxRenders: number;
    maxQueuedRenders: number;
    maxRenderWaitMs: number;
  };
}

export class ConfigError extends Error {}

/**
 * Reads and checks the environment. A bad value throws a ConfigError whose message is one line
 * naming the variable, so `main.ts` can print it and stop.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.ADMIN_PASSWORD) {
    throw new ConfigError(
      'Invalid environment variable ADMIN_PASSWORD: required when NODE_ENV=production (at least 12 characters)',
    );
  }
  const outbox = e.MAIL_OUTBOX ?? (e.NODE_ENV !== 'production' && !e.SMTP_URL);
  if (e.NODE_ENV === 'production' && !e.SMTP_URL && !outbox) {
    throw new ConfigError(
      'Invalid environment variable SMTP_URL: required when NODE_ENV=production (or MAIL_OUTBOX=true to keep mail on this machine, for tests only)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid environment variable PUBLIC_URL: required when NODE_ENV=production (the origin members use, such as https://community.example.com)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const cores = os.availableParallelism();
  const database: Config['database'] =
    e.DATABASE_URL && e.DATABASE_URL.startsWith('postgres')
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : {
          kind: 'sqlite',
          file: e.DATABASE_URL ? e.DATABASE_URL.replace(/^sqlite:(\/\/)?/, '') : path.join(dataDir, 'portal.sqlite'),
        };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database,
    redisUrl: e.REDIS_URL,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL,
    // Demo content fills the embedded default on its first start unless turned off; never in
    // production unless asked.
    seedDemo: e.SEED_DEMO ?? (database.kind === 'sqlite' && e.NODE_ENV === 'development'),
    logLevel: e.LOG_LEVEL,
    webBuildDir: path.resolve(e.WEB_BUILD_DIR ?? defaultWebBuildDir()),
    trustProxy: e.TRUST_PROXY,
    rateLimitWritesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
    ssrCacheSeconds: e.SSR_CACHE_SECONDS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    sessionTtlMs: e.SESSION_TTL_MS,
    signIn: { failuresAllowed: e.SIGN_IN_FAILURES_ALLOWED, windowMs: e.SIGN_IN_WINDOW_MS },
    // The outbox wins over SMTP_URL: a test run never mails anyone.
    mail: { smtpUrl: outbox ? undefined : e.SMTP_URL, from: e.MAIL_FROM, outbox },
    storage: readStorageConfig(env, e.NODE_ENV),
    documentWork: {
      // Never more threads than cores (each would only wait for the others); by default one core is
      // left to the requests, and at most two workers hold DOCUMENT_WORK_MEMORY_MB each.
      threads: Math.max(1, Math.min(e.DOCUMENT_WORK_THREADS ?? Math.min(2, cores - 1), cores)),
      memoryMb: e.DOCUMENT_WORK_MEMORY_MB,
      timeoutMs: e.DOCUMENT_WORK_TIMEOUT_MS,
      maxQueue: e.DOCUMENT_WORK_QUEUE,
    },
    searchReaderThreads: Math.min(e.SEARCH_READER_THREADS ?? 2, cores),
    searchReaderConnections: e.SEARCH_READER_CONNECTIONS ?? cores + 1,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`,
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapRatio: e.OVERLOAD_MAX_HEAP_RATIO,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
      maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT,
      // Two renders a core: enough to overlap a render's database reads, few enough that the
      // event loop turns quickly and reads (and refuses) what arrives meanwhile.
      maxRenders: e.OVERLOAD_MAX_RENDERS ?? 2 * cores,
      maxQueuedRenders: e.OVERLOAD_MAX_QUEUED_RENDERS,
      maxRenderWaitMs: e.OVERLOAD_MAX_RENDER_WAIT_MS,
    },
  };
}

function defaultWebBuildDir(): string {
  // Works from src/ (tsx) and from dist/ (bundled): both sit two levels under the repository.
  return path.resolve(import.meta.dirname, '../../web/build');
}
