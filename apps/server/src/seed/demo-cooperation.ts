import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { newStorageKey, type StorageDriver } from '../lib/storage';
import { cooperationSearchSource } from '../features/cooperation/cooperation.search';
import { reindexKind } from '../platform/search/search-index';
import { DAY } from './demo-content';
import { tinyPdf } from './tiny-pdf';

interface DemoFile {
  name: string;
  title: { zh: string; en: string };
  partnerOnly: boolean;
}

interface DemoPage {
  kind: 'programme' | 'case';
  sort: number;
  daysAgo: number;
  cover: string;
  zh: { title: string; summary: string; paragraphs: string[] };
  en: { title: string; summary: string; paragraphs: string[] };
  files: DemoFile[];
}

const PAGES: DemoPage[] = [
  {
    kind: 'programme',
    sort: 5,
    daysAgo: 30,
    cover: '/demo/coop-2.svg',
    zh: {
      title: '解决方案合作伙伴计划',
      summary: '面向集成商与解决方案商：联合方案、认证培训、市场支持与伙伴专享的解决方案套件。',
      paragraphs: [
        '解决方案合作伙伴计划帮助系统集成商和独立软件开发商基于我们的存储产品构建行业方案。',
        '加入后可获得：联合方案验证实验室、认证培训名额、联合市场活动，以及伙伴专享的解决方案套件（架构图、配置模板与测试报告）。',
      ],
    },
    en: {
      title: 'Solution partner programme',
      summary:
        'For integrators and solution vendors: joint solutions, certification training, marketing support and partner-only solution kits.',
      paragraphs: [
        'The solution partner programme helps system integrators and software vendors build industry solutions on our storage products.',
        'Partners get a joint validation lab, certification seats, joint marketing, and partner-only solution kits (architecture diagrams, configuration templates and test reports).',
      ],
    },
    files: [
      { name: 'programme-brochure', title: { zh: '合作计划介绍', en: 'Programme brochure' }, partnerOnly: false },
      { name: 'solution-kit', title: { zh: '解决方案套件', en: 'Solution kit' }, partnerOnly: true },
    ],
  },
  {
    kind: 'programme',
    sort: 50,
    daysAgo: 20,
    cover: '/demo/coop-3.svg',
    zh: {
      title: '渠道分销合作',
      summary: '成为授权分销商：价格保护、项目报备与销售培训。',
      paragraphs: ['授权分销商享有项目报备保护、季度返点与销售技能培训。', '报备规则与价格手册仅向合作伙伴开放下载。'],
    },
    en: {
      title: 'Channel distribution',
      summary: 'Become an authorised distributor: price protection, deal registration and sales training.',
      paragraphs: [
        'Authorised distributors get deal registration, quarterly rebates and sales training.',
        'The registration rules and the price book are for partners only.',
      ],
    },
    files: [{ name: 'price-book', title: { zh: '价格手册', en: 'Price book' }, partnerOnly: true }],
  },
  {
    kind: 'case',
    sort: 10,
    daysAgo: 10,
    cover: '/demo/coop-4.svg',
    zh: {
      title: '某城商行：全闪存替换与双活容灾',
      summary: '合作伙伴为城商行完成核心系统全闪存替换，RPO 为零。',
      paragraphs: [
        '项目在三个月内完成核心交易系统的全闪存替换与同城双活部署。',
        '交易延迟降低 60%，机房空间节省一半。',
      ],
    },
    en: {
      title: 'A city bank: all-flash refresh and active-active DR',
      summary: 'A partner moved a city bank’s core systems to all-flash with zero RPO.',
      paragraphs: [
        'In three months the core banking system moved to all-flash storage with an active-active metro cluster.',
        'Transaction latency fell by 60% and the rack space by half.',
      ],
    },
    files: [{ name: 'case-study', title: { zh: '案例详情', en: 'Case study' }, partnerOnly: false }],
  },
];

const COMPANIES = [
  { name: '华数集成', website: 'https://partner-a.example.com', summary: '金融行业存储集成商' },
  {
    name: 'Northwind Storage Services',
    website: 'https://partner-b.example.com',
    summary: 'Backup and DR specialists',
  },
];

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Cooperation's demo content (decision 045), beside the programmes the base demo seeds (which it
 * links as language versions, in their order): programmes and a partner case on both sites, linked,
 * each with downloads (real small PDFs stored like uploads, some partner-only), and two listed
 * partner companies. Idempotent: nothing happens once a cooperation page has a download.
 */
export async function seedCooperationDemo(
  db: Kysely<DB>,
  storage: StorageDriver,
  opts: { now: number },
): Promise<{ seeded: boolean }> {
  if (await db.selectFrom('cooperation_files').select('id').limit(1).executeTakeFirst()) return { seeded: false };
  const now = Math.floor(opts.now);
  const owner = await db.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!owner) return { seeded: false };
  const stored: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      // The base demo's pages, written alone on each site in the same order: each pair is linked.
      const alone = await trx
        .selectFrom('cooperation_pages')
        .select(['id', 'site_id'])
        .where('lang_group_id', 'is', null)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const zhPages = alone.filter((p) => p.site_id === 1);
      const enPages = alone.filter((p) => p.site_id === 2);
      for (const [i, zhPage] of zhPages.entries()) {
        const enPage = enPages[i];
        if (!enPage) break;
        await trx
          .updateTable('cooperation_pages')
          .set({ lang_group_id: zhPage.id })
          .where('id', 'in', [zhPage.id, enPage.id])
          .execute();
      }
      for (const page of PAGES) {
        const at = now - page.daysAgo * DAY;
        let group: number | null = null;
        for (const [siteId, lang] of [
          [1, 'zh'],
          [2, 'en'],
        ] as const) {
          const text = page[lang];
          const row: { id: number } = await trx
            .insertInto('cooperation_pages')
            .values({
              site_id: siteId,
              kind: page.kind,
              title: text.title,
              summary: text.summary,
              cover_url: page.cover,
              body_html: text.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
              sort: page.sort,
              published: 1,
              lang_group_id: group,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id: number = Number(row.id);
          if (group === null) {
            group = id;
            await trx.updateTable('cooperation_pages').set({ lang_group_id: id }).where('id', '=', id).execute();
          }
          for (const [sort, file] of page.files.entries()) {
            const bytes = tinyPdf([
              { title: page.en.title, lines: [file.title.en, file.partnerOnly ? 'Partners only' : 'Public'] },
            ]);
            const key = newStorageKey('pdf', new Date(now));
            await storage.putBytes(key, bytes, 'application/pdf');
            stored.push(key);
            const att = await trx
              .insertInto('attachments')
              .values({
                owner_id: owner.id,
                title: `${file.name}-${lang}.pdf`,
                storage_key: key,
                storage: storage.storage,
                mime: 'application/pdf',
                size: bytes.length,
                kind: 'file',
                created_at: now,
                access_key: crypto.randomBytes(16).toString('base64url'),
                linked_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await trx
              .insertInto('cooperation_files')
              .values({
                page_id: id,
                attachment_id: Number(att.id),
                title: file.title[lang],
                partner_only: file.partnerOnly ? 1 : 0,
                sort,
                created_at: now,
              })
              .execute();
          }
        }
      }
      for (const [i, company] of COMPANIES.entries()) {
        await trx
          .insertInto('partner_companies')
          .values({
            ...company,
            name_key: company.name.trim().replace(/\s+/g, ' ').toLowerCase(),
            listed: 1,
            created_at: now - (COMPANIES.length - i) * DAY,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('name_key').doNothing())
          .execute();
      }
      // The pages are findable at once, in the same transaction (decision 039).
      await reindexKind(trx, cooperationSearchSource);
    });
  } catch (err) {
    for (const key of stored) await storage.remove(key).catch(() => {});
    throw err;
  }
  return { seeded: true };
}
