import { serverEn } from './en/server';
import { serverZh } from './zh/server';
import type { Widen } from './zh';

/**
 * The texts only the server sends (API error sentences, mail, SMS), in both languages. The server
 * and the tests use them through `catalogues.ts`; browser code never imports this file.
 */
export type ServerCatalogue = Widen<typeof serverZh>;

export const serverCatalogues: Record<'zh' | 'en', ServerCatalogue> = { zh: serverZh, en: serverEn };
