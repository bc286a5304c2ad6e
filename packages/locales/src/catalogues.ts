import { en } from './en';
import { zh, type Catalogue } from './zh';

export type { Catalogue };
export const catalogues: Record<'zh' | 'en', Catalogue> = { zh, en };
