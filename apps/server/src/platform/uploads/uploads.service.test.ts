import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { localStorage } from '../../lib/storage/local-storage';
import { cleanFileName, extensionOf, uploadsService } from './uploads.service';

describe('file names', () => {
  it('keep only the last path segment, without control characters, for display', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('a\u0000b\u202e.txt')).toBe('ab.txt');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName('dir/')).toBe('file');
    expect(cleanFileName('x'.repeat(300) + '.pdf')).toHaveLength(200);
  });

  it('have a lower-case extension, or none', () => {
    expect(extensionOf('Report.PDF')).toBe('pdf');
    expect(extensionOf('archive.tar.7z')).toBe('7z');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('x.pdf ')).toBe('');
  });
});

describe('left-over temporary files', () => {
  it('are removed after an hour, younger ones (another process in flight) are kept', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-uploads-'));
    try {
      const uploads = uploadsService({ db: {} as Kysely<DB>, storage: localStorage(dir), uploadsDir: dir });
      fs.mkdirSync(uploads.incomingDir, { recursive: true });
      const old = path.join(uploads.incomingDir, 'old');
      const young = path.join(uploads.incomingDir, 'young');
      fs.writeFileSync(old, 'x');
      fs.writeFileSync(young, 'x');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
      fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
      await uploads.sweepIncoming();
      expect(fs.readdirSync(uploads.incomingDir)).toEqual(['young']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
