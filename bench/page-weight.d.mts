// Types of page-weight.mjs for the TypeScript that imports it (e2e/page-weight.spec.ts).

export interface AssetSizes {
  status: number;
  rawBytes: number;
  gzipBytes: number;
  cacheControl: string | null;
  contentType: string;
  imports: string[];
  lazy: string[];
}

export interface PageAsset {
  url: string;
  path: string;
  kind: 'js' | 'css';
  via: string[];
  status: number;
  rawBytes: number;
  gzipBytes: number;
  atStart: boolean;
  error?: string;
}

export interface PageWeight {
  url: string;
  status: number;
  assets: PageAsset[];
  lazyChunks: string[];
  totals: {
    jsFiles: number;
    jsRawBytes: number;
    jsGzipBytes: number;
    jsAtStartFiles: number;
    jsAtStartGzipBytes: number;
    cssFiles: number;
    cssRawBytes: number;
    cssGzipBytes: number;
    failed: number;
  };
}

export const JS_BUDGET_KB: number;

export function measurePageWeight(
  baseUrl: string,
  options?: { path?: string; headers?: Record<string, string>; status?: number; sizes?: Map<string, AssetSizes> },
): Promise<PageWeight>;

export function formatPageWeight(weight: PageWeight): string;
