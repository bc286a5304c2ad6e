import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
// One data folder per port, so that two runs on two ports never wipe each other's database.
export const dataDir = path.join(import.meta.dirname, `.e2e-data-${port}`);
/** The seeded admin's password in the test server (never used outside tests). */
export const adminPassword = 'e2e-admin-password-not-secret';

// Debian's Chromium, never a downloaded browser: its headless shell (package chromium-headless-shell,
// the same build without the browser's own window) where installed, else the full browser. The full
// browser opens a window with its toolbar for every context and loads the address bar's popup page
// into it: about 1.3 s of CPU per context, more than the portal's page it then shows (0.7 s).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A short test's limit: under CI's load (two shards beside the API suites on two cores) a minute-long
  // journey takes two. Long journeys set their own.
  timeout: 90_000,
  // An assertion's wait. CI runs two shards beside each other on two slow cores, where a page that
  // settles in two seconds at the desk now and then takes over ten: the limit costs time only when a
  // test fails anyway.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // Recording a trace costs about a quarter of the suite's CPU (a DOM snapshot per action and a
  // screencast), failing or not; a failure still leaves its screenshot and error-context.md. Set
  // E2E_TRACE=retain-on-failure to record one.
  use: {
    baseURL,
    trace:
      process.env.E2E_TRACE === 'retain-on-failure' || process.env.E2E_TRACE === 'on' ? process.env.E2E_TRACE : 'off',
    screenshot: 'only-on-failure',
    // The browser asks for reduced motion, so antd's dialogs and popovers open at once (lib/PortalAntd):
    // a press on a button while its popup still zooms in was lost now and then under CI's load.
    reducedMotion: 'reduce',
    ...chromium,
  },
  projects: [{ name: 'chromium', use: chromium }],
  webServer: {
    // The built portal in production mode on a fresh embedded database with demo content.
    command: `rm -rf ${dataDir} && npm start --silent`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      // Production refuses to start without its own address; links and canonicals are built on it.
      PUBLIC_URL: baseURL,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ADMIN_PASSWORD: adminPassword,
      RATE_LIMIT_WRITES_PER_MINUTE: '1000',
      // Mail and SMS stay in the portal's outbox; journeys read codes at GET /api/dev/outbox.
      MAIL_OUTBOX: 'true',
      LOG_LEVEL: 'warn',
    },
  },
});
