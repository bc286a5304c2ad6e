import { CLOUD_MULTIPART, UPLOAD_DEFAULTS } from '@portal/contracts/constants';

const MB = 1024 * 1024;

/** The lower-case extension of a file name, '' when it has none. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot + 1).toLowerCase();
}

/** The type lists of spec 5: form attachments, the default list and imports. */
export const UPLOAD_TYPES = {
  attachment: UPLOAD_DEFAULTS.formAttachmentTypes,
  default: UPLOAD_DEFAULTS.fileTypes,
  import: UPLOAD_DEFAULTS.importTypes,
} as const;

export type UploadRefusal =
  | { reason: 'type'; types: string }
  | { reason: 'size'; mb: number }
  | { reason: 'count'; limit: number };

/**
 * Why a chosen file is refused before upload, or null when it may go: its extension must be one
 * of `types`, its size at most `maxMb` MB, and (unless the limit is 1, where it replaces the old
 * file) the list must not grow past `limit`. The server checks the content again.
 */
export function refuseUpload(
  file: { name: string; size: number },
  rule: { types: readonly string[]; maxMb: number; limit: number; alreadyChosen: number },
): UploadRefusal | null {
  const ext = extensionOf(file.name);
  if (!ext || !rule.types.includes(ext)) return { reason: 'type', types: rule.types.join('/') };
  if (file.size > rule.maxMb * MB) return { reason: 'size', mb: rule.maxMb };
  if (rule.limit > 1 && rule.alreadyChosen >= rule.limit) return { reason: 'count', limit: rule.limit };
  return null;
}

export interface PartPlan {
  /** 1-based, as S3's UploadPart numbers them. */
  partNumber: number;
  start: number;
  /** Exclusive. */
  end: number;
}

/** A file cut into 2 MB parts (spec 9); an empty file is one empty part. */
export function planParts(size: number, partSize: number = CLOUD_MULTIPART.partSize): PartPlan[] {
  if (!Number.isFinite(size) || size < 0) throw new RangeError('size must be a non-negative number');
  if (!Number.isInteger(partSize) || partSize <= 0) throw new RangeError('partSize must be a positive integer');
  const count = Math.max(1, Math.ceil(size / partSize));
  return Array.from({ length: count }, (_, i) => ({
    partNumber: i + 1,
    start: i * partSize,
    end: Math.min(size, (i + 1) * partSize),
  }));
}

/**
 * Runs `work` over `items` with at most `parallel` at once and stops starting new ones after the
 * first failure (which it rethrows); results keep the items' order.
 */
export async function runLimited<T, R>(
  items: readonly T[],
  parallel: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  async function lane(): Promise<void> {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  const lanes = Array.from({ length: Math.min(Math.max(1, parallel), items.length) }, () => lane());
  await Promise.all(lanes);
  return results;
}

/** Bytes sent so far as a whole percentage, 0 to 100. */
export function percentOf(sent: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((sent / total) * 100));
}
