import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The search tests' own corpus (issue 23: at least 200 items): filler posts, articles, topics,
 * events and e-magazine issues in both languages about storage, and the target items whose first
 * place the tests expect. Filler titles never hold the targets' words, so a target's place is its
 * title match, not luck.
 */

const DAY = 86_400_000;

const ZH_TITLES = [
  '分布式文件系统入门',
  '备份窗口如何缩短',
  '容灾演练的经验总结',
  '数据迁移的十个坑',
  '存储性能监控实践',
  '混合云存储架构设计',
  '块存储与文件存储的选择',
  '存储资源池化方案',
  '数据库的存储优化',
  '容器持久化卷实践',
];
const ZH_BODIES = [
  '<p>我们在生产环境里使用了多副本机制，磁盘故障时可以自动重建。</p>',
  '<p>备份软件的调度策略决定了恢复时间目标，建议按业务分级。</p>',
  '<p>容灾切换需要提前演练，网络和应用的依赖关系要梳理清楚。</p>',
  '<p>迁移前先做容量评估，迁移中注意校验一致性。</p>',
  '<p>延迟、吞吐和 IOPS 是最常看的三个指标，还要关注队列深度。</p>',
];
const EN_TITLES = [
  'Getting started with distributed file systems',
  'Shrinking the nightly window',
  'Lessons from a disaster recovery drill',
  'Ten pitfalls of data migration',
  'Monitoring storage performance',
  'Designing hybrid cloud storage',
  'Block or file: choosing a protocol',
  'Pooling storage resources',
  'Tuning the database layer',
  'Persistent volumes for containers',
];
const EN_BODIES = [
  '<p>We run three replicas in production, and a failed disk is rebuilt automatically.</p>',
  '<p>The scheduler of the protection software decides the recovery time objective.</p>',
  '<p>Failover must be rehearsed; map the dependencies of network and applications first.</p>',
  '<p>Estimate capacity before moving data, and verify consistency while moving it.</p>',
  '<p>Latency, throughput and IOPS are the figures to watch, with queue depth.</p>',
];

export interface Corpus {
  authorId: number;
  topicZh: number;
  topicEn: number;
  /** The target items, by name. */
  ids: Record<string, number>;
  /** Items written, filler and targets. */
  size: number;
}

export async function seedCorpus(db: Kysely<DB>, authorId: number, now: number): Promise<Corpus> {
  const ids: Record<string, number> = {};
  let size = 0;
  let tick = 0;
  // Filler is older than the targets, and spread over two months.
  const fillerTime = () => now - 60 * DAY + (tick++ % 50) * DAY;

  async function post(siteId: number, title: string, html: string, at: number, name?: string) {
    const row = await db
      .insertInto('posts')
      .values({
        site_id: siteId,
        author_id: authorId,
        group_id: null,
        board_id: null,
        title,
        summary: '',
        content_html: html,
        industry_id: null,
        scene_id: null,
        status: 20,
        created_at: at,
        updated_at: at,
        lang_group_id: null,
        pinned_at: null,
        deleted_at: null,
        accepted_comment_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    size++;
    if (name) ids[name] = row.id;
    return row.id;
  }

  async function topic(siteId: number, title: string, description: string, name?: string) {
    const row = await db
      .insertInto('topics')
      .values({ site_id: siteId, title, description, created_at: fillerTime(), lang_group_id: null, archived_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    size++;
    if (name) ids[name] = row.id;
    return row.id;
  }

  async function article(siteId: number, topicId: number, title: string, html: string, at: number, name?: string) {
    const row = await db
      .insertInto('topic_articles')
      .values({
        site_id: siteId,
        topic_id: topicId,
        author_id: authorId,
        title,
        content_html: html,
        status: 20,
        created_at: at,
        updated_at: at,
        published_at: at,
        lang_group_id: null,
        deleted_at: null,
        featured_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    size++;
    if (name) ids[name] = row.id;
    return row.id;
  }

  async function event(siteId: number, title: string, summary: string, name?: string) {
    const at = fillerTime();
    const row = await db
      .insertInto('activities')
      .values({
        site_id: siteId,
        title,
        summary,
        starts_at: now + 10 * DAY,
        ends_at: now + 11 * DAY,
        signup_starts_at: now - DAY,
        signup_ends_at: now + 9 * DAY,
        created_at: at,
        lang_group_id: null,
        updated_at: at,
        topic_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    size++;
    if (name) ids[name] = row.id;
    return row.id;
  }

  async function issue(siteId: number, number: number, title: string, summary: string, name?: string) {
    const at = fillerTime();
    const row = await db
      .insertInto('journal_issues')
      .values({
        site_id: siteId,
        category_id: null,
        number,
        title,
        summary,
        pdf_attachment_id: null,
        published: 1,
        publish_at: at,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    size++;
    if (name) ids[name] = row.id;
    return row.id;
  }

  async function journalArticle(issueId: number, title: string, content: string, name?: string) {
    const at = fillerTime();
    const row = await db
      .insertInto('journal_articles')
      .values({
        issue_id: issueId,
        title,
        content,
        author_id: null,
        submission_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    size++;
    if (name) ids[name] = row.id;
    return row.id;
  }

  const topicZh = await topic(1, '存储技术交流', '<p>讨论存储技术的方方面面</p>');
  const topicEn = await topic(2, 'Storage engineering', '<p>All things storage</p>');

  // Filler: 140 posts, 30 articles, 8 topics, 16 events, 4 issues with 12 articles.
  for (let i = 0; i < 70; i++) {
    await post(1, `${ZH_TITLES[i % ZH_TITLES.length]}（${i}）`, ZH_BODIES[i % ZH_BODIES.length]!, fillerTime());
    await post(2, `${EN_TITLES[i % EN_TITLES.length]} (${i})`, EN_BODIES[i % EN_BODIES.length]!, fillerTime());
  }
  for (let i = 0; i < 15; i++) {
    await article(1, topicZh, `专题文章：${ZH_TITLES[(i + 3) % ZH_TITLES.length]}`, ZH_BODIES[i % 5]!, fillerTime());
    await article(2, topicEn, `Article: ${EN_TITLES[(i + 3) % EN_TITLES.length]}`, EN_BODIES[i % 5]!, fillerTime());
  }
  for (let i = 0; i < 4; i++) {
    await topic(1, `专题${ZH_TITLES[i]}`, ZH_BODIES[i]!);
    await topic(2, `Topic: ${EN_TITLES[i]}`, EN_BODIES[i]!);
  }
  for (let i = 0; i < 8; i++) {
    await event(1, `线下沙龙：${ZH_TITLES[i]}`, '欢迎报名参加');
    await event(2, `Meetup: ${EN_TITLES[i]}`, 'Join us');
  }
  for (let i = 0; i < 2; i++) {
    const zh = await issue(1, i + 1, `第 ${i + 1} 期：${ZH_TITLES[i]}`, '本期内容');
    const en = await issue(2, i + 1, `Issue ${i + 1}: ${EN_TITLES[i]}`, 'In this issue');
    for (let j = 0; j < 3; j++) {
      await journalArticle(zh, `${ZH_TITLES[(i + j) % 10]}的实践`, ZH_BODIES[j]!);
      await journalArticle(en, `Practice of ${EN_TITLES[(i + j) % 10]}`, EN_BODIES[j]!);
    }
  }

  // Targets, newer than the filler.
  const recent = now - 2 * DAY;
  await post(1, '磁带库的归档策略', '<p>冷数据长期保存，成本最低。</p>', recent, 'tape');
  await post(1, '归档磁带十年回顾', '<p>旧文章。</p>', now - 800 * DAY, 'oldTape');
  await article(1, topicZh, '快照与克隆的区别', '<p>写时复制与重定向写。</p>', recent, 'snapshotZh');
  await topic(1, '纠删码专题', '<p>纠删码 EC 配置与重建速度。</p>', 'erasureTopic');
  await post(1, 'Ceph 分布式存储调优', '<p>OSD 与 PG 数量的设置。</p>', recent, 'ceph');
  await post(1, 'NVMe-oF 性能测试', '<p>RDMA 网络下的延迟。</p>', recent, 'nvmeof');
  await post(1, 'EC 8+3 与副本的取舍', '<p>容量利用率更高。</p>', recent, 'ec83');
  await post(1, 'EC 4+2 小集群实践', '<p>六个节点起步。</p>', recent, 'ec42');
  await post(1, 'S3 兼容网关部署', '<p>接口兼容性测试。</p>', recent, 's3');
  await post(1, '对象存储选型指南', '<p>按容量和访问频率选择。</p>', recent, 'objectZh');
  await post(1, '重删技术漫谈', '<p>重复数据删除。</p>', now - 400 * DAY, 'dedupOld');
  await post(1, '重删技术漫谈', '<p>重复数据删除。</p>', recent, 'dedupNew');
  await event(1, '闪存峰会 2026', '全闪存阵列的新进展', 'flashEvent');
  const lakeIssue = await issue(1, 12, '第 12 期：数据湖', '湖仓一体专刊', 'lakeIssue');
  await journalArticle(lakeIssue, '数据湖仓一体架构', '<p>湖仓一体的元数据管理。</p>', 'lakeArticle');
  await post(
    2,
    'Snapshot scheduling for virtual machines',
    '<p>Keep hourly copies for a day.</p>',
    recent,
    'snapshotEn',
  );
  await post(2, 'Database backups, explained', '<p>Full, incremental and differential.</p>', recent, 'backupEn');
  await post(2, 'Deduplication ratios, measured', '<p>Inline against post-process.</p>', recent, 'dedupEn');
  await post(2, 'Erasure coding in practice', '<p>Parity and rebuild times.</p>', recent, 'erasureEn');
  await post(
    2,
    'Hostile text <img src=x onerror=alert(1)>',
    '<p>&lt;script&gt;alert(1)&lt;/script&gt; thin provisioning</p>',
    recent,
    'hostile',
  );
  return { authorId, topicZh, topicEn, ids, size };
}
