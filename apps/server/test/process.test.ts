import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, '../src/main.ts');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<Run>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  return { child, done, output: () => stdout };
}

async function waitFor(check: () => Promise<boolean>, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proc-'));
  dirs.push(dir);
  return dir;
}

describe('the server process', () => {
  it('refuses to start on a bad variable with one line naming it', async () => {
    const run = await start({ PORT: 'abc', DATA_DIR: tempDir() }).done;
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^Invalid environment variable PORT: [^\n]+$/);
  }, 30_000);

  it('refuses a production start without ADMIN_PASSWORD', async () => {
    const run = await start({ NODE_ENV: 'production', DATA_DIR: tempDir() }).done;
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^Invalid environment variable ADMIN_PASSWORD: required when NODE_ENV=production/,
    );
  }, 30_000);

  it('prints a generated admin password once, serves, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = String(31000 + Math.floor(Math.random() * 2000));
    const env = { PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false' };
    const first = start(env);
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok);
    const res = await fetch(`http://127.0.0.1:${port}/api/protal/api/index/currSiteData`, {
      method: 'POST',
      headers: { isapi: '1', 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json()) as { data: { apply_site: string } };
    expect(body.data.apply_site).toBe('protal');
    first.child.kill('SIGTERM');
    const run = await first.done;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /Admin account created: admin@storage-community\.local\n\s+Password \(shown only now\): [A-Za-z0-9]{20}/,
    );
    expect(run.stdout).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'portal.sqlite'))).toBe(true);

    const second = start(env);
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok);
    second.child.kill('SIGTERM');
    const again = await second.done;
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('Password (shown only now)');
  }, 60_000);
});
