import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { newStorageKey, type StorageDriver } from '../lib/storage';
import { DAY } from './demo-content';
import { tinyPdf } from './tiny-pdf';

interface DemoIssue {
  number: number;
  title: string;
  summary: string;
  category: number;
  daysAgo: number;
  partnerOnly: boolean;
  /** Title, then the paragraphs; the author is a demo member of the site (by order), or a guest's name. */
  articles: Array<{ title: string; paragraphs: string[]; guest?: string }>;
}

interface DemoMagazine {
  siteId: number;
  categories: string[];
  issues: DemoIssue[];
}

const MAGAZINES: DemoMagazine[] = [
  {
    siteId: 1,
    categories: ['技术月刊', '行业白皮书'],
    issues: [
      {
        number: 1,
        title: '分布式存储实践',
        summary: '从纠删码到多副本：一线团队的分布式存储建设经验。',
        category: 0,
        daysAgo: 70,
        partnerOnly: false,
        articles: [
          {
            title: '纠删码在冷数据层的落地',
            paragraphs: [
              '我们把 3 副本的冷数据迁移到 8+3 纠删码，容量节省 40%。',
              '重建窗口与跨机架放置是两个关键问题。',
            ],
          },
          {
            title: '对象存储的元数据扩展',
            paragraphs: ['元数据分片让单桶对象数从十亿级扩展到百亿级。'],
            guest: '陈工',
          },
        ],
      },
      {
        number: 2,
        title: '全闪存与 NVMe-oF',
        summary: '全闪存阵列的选型、NVMe over Fabrics 的部署，以及性能调优清单。',
        category: 0,
        daysAgo: 40,
        partnerOnly: false,
        articles: [
          {
            title: 'NVMe-oF 组网的三种选择',
            paragraphs: [
              'RoCE、TCP 与 FC 各有取舍：延迟、运维成本与现有网络。',
              '我们的测试显示 TCP 方案延迟仅高约 15%。',
            ],
          },
          {
            title: '全闪存阵列的容量规划',
            paragraphs: ['数据缩减比要按业务实测，不要只看厂商标称值。'],
          },
          {
            title: 'QLC 介质的写放大',
            paragraphs: ['QLC 适合读多写少的场景，写放大需要由上层日志结构缓解。'],
            guest: '王磊',
          },
        ],
      },
      {
        number: 3,
        title: '2026 数据存储趋势白皮书',
        summary: '合作伙伴专享：CXL 内存池化、AI 训练数据管线与存储安全的年度观察。',
        category: 1,
        daysAgo: 5,
        partnerOnly: true,
        articles: [
          {
            title: 'CXL 内存池化的早期实践',
            paragraphs: ['内存池化把每台服务器的闲置内存变成共享资源。'],
          },
          {
            title: 'AI 训练的数据管线',
            paragraphs: ['检查点写入与小文件读取是训练存储的两大瓶颈。'],
          },
        ],
      },
    ],
  },
  {
    siteId: 2,
    categories: ['Technical monthly', 'Industry white papers'],
    issues: [
      {
        number: 1,
        title: 'Distributed storage in practice',
        summary: 'From erasure coding to replicas: what teams learned building distributed storage.',
        category: 0,
        daysAgo: 70,
        partnerOnly: false,
        articles: [
          {
            title: 'Erasure coding for the cold tier',
            paragraphs: [
              'Moving cold data from three replicas to 8+3 erasure coding saved us 40% of the capacity.',
              'Rebuild windows and rack-aware placement were the two hard parts.',
            ],
          },
          {
            title: 'Scaling object metadata',
            paragraphs: ['Sharded metadata took a single bucket from a billion objects to tens of billions.'],
            guest: 'Dana Chen',
          },
        ],
      },
      {
        number: 2,
        title: 'All-flash and NVMe-oF',
        summary: 'Choosing all-flash arrays, deploying NVMe over Fabrics, and a tuning checklist.',
        category: 0,
        daysAgo: 40,
        partnerOnly: false,
        articles: [
          {
            title: 'Three ways to build an NVMe-oF fabric',
            paragraphs: [
              'RoCE, TCP and FC trade latency against operations and the network you already run.',
              'In our tests NVMe/TCP added only about 15% latency.',
            ],
          },
          {
            title: 'Capacity planning for all-flash arrays',
            paragraphs: ['Measure data reduction on your own workload; never plan on the datasheet ratio.'],
          },
          {
            title: 'Write amplification on QLC',
            paragraphs: ['QLC suits read-mostly data; a log-structured layer above it keeps writes in check.'],
            guest: 'Lei Wang',
          },
        ],
      },
      {
        number: 3,
        title: 'Storage trends 2026 white paper',
        summary: 'For partners: CXL memory pooling, AI training data pipelines and storage security this year.',
        category: 1,
        daysAgo: 5,
        partnerOnly: true,
        articles: [
          {
            title: 'Early days of CXL memory pooling',
            paragraphs: ['Pooling turns every server’s idle memory into a shared resource.'],
          },
          {
            title: 'Data pipelines for AI training',
            paragraphs: ['Checkpoint writes and small-file reads are the two bottlenecks of training storage.'],
          },
        ],
      },
    ],
  },
];

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The e-magazine's demo content on both sites (issue 20): categories, three issues each (the newest
 * partner-only), their articles by demo members or guest authors, and a small real PDF per issue
 * made here and stored like an upload. Idempotent: nothing happens once the magazine has a category.
 */
export async function seedJournalDemo(
  db: Kysely<DB>,
  storage: StorageDriver,
  opts: { now: number },
): Promise<{ seeded: boolean }> {
  if (await db.selectFrom('journal_categories').select('id').limit(1).executeTakeFirst()) return { seeded: false };
  const now = Math.floor(opts.now);
  const owner = await db.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!owner) return { seeded: false };
  const stored: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      for (const mag of MAGAZINES) {
        // Demo members of the site: those whose industry is one of its dictionary entries.
        const authors = await trx
          .selectFrom('users')
          .innerJoin('dictionaries', 'dictionaries.id', 'users.industry_id')
          .select('users.id')
          .where('dictionaries.site_id', '=', mag.siteId)
          .orderBy('users.id')
          .limit(6)
          .execute();
        const categoryIds: number[] = [];
        for (const [sort, name] of mag.categories.entries()) {
          const row = await trx
            .insertInto('journal_categories')
            .values({ site_id: mag.siteId, name, sort, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          categoryIds.push(Number(row.id));
        }
        let authorTurn = 0;
        for (const issue of mag.issues) {
          const bytes = tinyPdf([
            {
              title: `Storage Community E-magazine No. ${issue.number}`,
              lines: mag.siteId === 2 ? [issue.title, issue.summary] : ['Demo issue', `Site ${mag.siteId}`],
            },
            ...issue.articles.map((a, i) => ({
              title: `Article ${i + 1}`,
              lines: mag.siteId === 2 ? [a.title, ...a.paragraphs] : ['Demo article text'],
            })),
          ]);
          const key = newStorageKey('pdf', new Date(now));
          await storage.putBytes(key, bytes, 'application/pdf');
          stored.push(key);
          const att = await trx
            .insertInto('attachments')
            .values({
              owner_id: owner.id,
              title: `e-magazine-${mag.siteId}-${issue.number}.pdf`,
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
          const publishAt = now - issue.daysAgo * DAY;
          const issueRow = await trx
            .insertInto('journal_issues')
            .values({
              site_id: mag.siteId,
              category_id: categoryIds[issue.category] ?? null,
              number: issue.number,
              title: issue.title,
              summary: issue.summary,
              cover_url: '',
              pdf_attachment_id: Number(att.id),
              partner_only: issue.partnerOnly ? 1 : 0,
              published: 1,
              publish_at: publishAt,
              // The articles below, written straight into their table: the count the repository keeps.
              article_count: issue.articles.length,
              created_by: owner.id,
              created_at: publishAt,
              updated_at: publishAt,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const [sort, a] of issue.articles.entries()) {
            const author = a.guest ? undefined : authors[authorTurn++ % Math.max(1, authors.length)];
            await trx
              .insertInto('journal_articles')
              .values({
                issue_id: Number(issueRow.id),
                sort,
                title: a.title,
                author_id: author ? author.id : null,
                author_name: author ? '' : (a.guest ?? (mag.siteId === 1 ? '编辑部' : 'The editors')),
                summary: a.paragraphs[0]!.slice(0, 200),
                content: a.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
                submission_id: null,
                created_at: publishAt,
                updated_at: publishAt,
              })
              .execute();
          }
        }
      }
    });
  } catch (err) {
    for (const key of stored) await storage.remove(key).catch(() => {});
    throw err;
  }
  return { seeded: true };
}
