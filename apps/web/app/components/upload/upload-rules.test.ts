import { describe, expect, it } from 'vitest';
import { percentOf, planParts, refuseUpload, runLimited, UPLOAD_TYPES } from './upload-rules';

const MB = 1024 * 1024;
const rule = { types: UPLOAD_TYPES.attachment, maxMb: 5, limit: 9, alreadyChosen: 0 };

describe('refuseUpload', () => {
  it('lets an allowed file within the limits go', () => {
    expect(refuseUpload({ name: 'plan.PDF', size: 5 * MB }, rule)).toBeNull();
  });

  it('refuses a type that is not on the list, naming the list', () => {
    expect(refuseUpload({ name: 'x.exe', size: 1 }, rule)).toEqual({
      reason: 'type',
      types: 'pdf/mp4/txt/doc/docx/xls/xlsx/ppt/pptx',
    });
    expect(refuseUpload({ name: 'noext', size: 1 }, rule)?.reason).toBe('type');
    expect(refuseUpload({ name: 'a.xlsx', size: 1 }, { ...rule, types: UPLOAD_TYPES.default })?.reason).toBe('type');
    expect(refuseUpload({ name: 'a.xlsx', size: 1 }, { ...rule, types: UPLOAD_TYPES.import })).toBeNull();
  });

  it('refuses a file over the size limit', () => {
    expect(refuseUpload({ name: 'a.pdf', size: 5 * MB + 1 }, rule)).toEqual({ reason: 'size', mb: 5 });
  });

  it('refuses a file past the count limit unless the limit is 1', () => {
    expect(refuseUpload({ name: 'a.pdf', size: 1 }, { ...rule, alreadyChosen: 9 })).toEqual({
      reason: 'count',
      limit: 9,
    });
    expect(refuseUpload({ name: 'a.pdf', size: 1 }, { ...rule, alreadyChosen: 8 })).toBeNull();
    expect(refuseUpload({ name: 'a.pdf', size: 1 }, { ...rule, limit: 1, alreadyChosen: 1 })).toBeNull();
  });
});

describe('planParts', () => {
  it('cuts a 7 MB file into four 2 MB parts, the last one short', () => {
    const parts = planParts(7 * MB);
    expect(parts.map((p) => p.partNumber)).toEqual([1, 2, 3, 4]);
    expect(parts[0]).toEqual({ partNumber: 1, start: 0, end: 2_097_152 });
    expect(parts[3]).toEqual({ partNumber: 4, start: 3 * 2_097_152, end: 7 * MB });
  });

  it('covers every byte once', () => {
    for (const size of [1, 2_097_151, 2_097_152, 2_097_153, 10 * MB + 17]) {
      const parts = planParts(size);
      expect(parts[0]?.start).toBe(0);
      expect(parts.at(-1)?.end).toBe(size);
      parts.slice(1).forEach((p, i) => expect(p.start).toBe(parts[i]?.end));
    }
  });

  it('makes one empty part of an empty file and refuses nonsense', () => {
    expect(planParts(0)).toEqual([{ partNumber: 1, start: 0, end: 0 }]);
    expect(() => planParts(-1)).toThrow(RangeError);
    expect(() => planParts(10, 0)).toThrow(RangeError);
  });
});

describe('runLimited', () => {
  it('never runs more than the limit at once and keeps the order of results', async () => {
    let running = 0;
    let peak = 0;
    const results = await runLimited(
      Array.from({ length: 25 }, (_, i) => i),
      10,
      async (n) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, (n * 7) % 5));
        running -= 1;
        return n * 2;
      },
    );
    expect(peak).toBe(10);
    expect(results).toEqual(Array.from({ length: 25 }, (_, i) => i * 2));
  });

  it('stops starting work after a failure and rethrows it', async () => {
    const started: number[] = [];
    await expect(
      runLimited([0, 1, 2, 3, 4, 5], 2, async (n) => {
        started.push(n);
        if (n === 1) throw new Error('part 2 failed');
        await new Promise((r) => setTimeout(r, 5));
        return n;
      }),
    ).rejects.toThrow('part 2 failed');
    expect(started.length).toBeLessThan(6);
  });
});

describe('percentOf', () => {
  it('is a whole percentage capped at 100', () => {
    expect(percentOf(0, 10)).toBe(0);
    expect(percentOf(5, 10)).toBe(50);
    expect(percentOf(11, 10)).toBe(100);
    expect(percentOf(0, 0)).toBe(100);
  });
});
