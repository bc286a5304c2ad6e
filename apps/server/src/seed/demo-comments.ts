import type { Site } from '@portal/contracts/sites';

/**
 * Hand-written discussions under some demo posts, per language: comments (a question's answers),
 * replies under them, and the accepted answer of a question. Posts are named by title, members by
 * key; `to` names the member a reply to a reply answers. The seed spreads the times after the post.
 */
export interface DemoReply {
  author: string;
  text: string;
  to?: string;
}

export interface DemoComment {
  author: string;
  text: string;
  accepted?: boolean;
  likes?: number;
  replies?: DemoReply[];
}

export interface DemoThread {
  post: string;
  comments: DemoComment[];
}

const en: DemoThread[] = [
  {
    post: 'We moved 4 PB from triple replication to 8+3 erasure coding. What surprised us',
    comments: [
      {
        author: 'noor',
        text: 'Same experience with rebuild times. We ended up throttling recovery to 30% during business hours and letting it run flat out at night.',
        likes: 9,
        replies: [
          {
            author: 'maya',
            text: 'That is close to what we settled on. Did you script the switch or use the built-in schedule?',
          },
          {
            author: 'noor',
            text: 'A cron job that flips the recovery settings at 8:00 and 20:00. Boring, but it works.',
            to: 'maya',
          },
        ],
      },
      {
        author: 'tomw',
        text: 'How did you choose 8+3 over 6+3? With 11 hosts per rack row I would worry about placement once a host is down for maintenance.',
        likes: 4,
        replies: [
          {
            author: 'maya',
            text: 'We have 14 hosts in that pool, so there is room for a host to be out. With 11 I would go 6+3.',
          },
        ],
      },
      {
        author: 'priya',
        text: 'The small-object point matches what we see on S3 too. Packing at the gateway is underrated.',
        likes: 3,
      },
    ],
  },
  {
    post: 'Backup appliance, or backup software on commodity servers?',
    comments: [
      {
        author: 'dreyes',
        text: 'With two admins I would take the appliance. The hardware savings of the DIY route disappear the first time you spend a weekend on a firmware mismatch.',
        accepted: true,
        likes: 12,
        replies: [
          { author: 'ethan', text: 'That is the argument I needed for the budget meeting, thanks.' },
          {
            author: 'samk',
            text: 'Agreed, but check how the appliance licence counts capacity: front-end TB and back-end TB differ a lot.',
            to: 'ethan',
          },
        ],
      },
      {
        author: 'marcus',
        text: 'Software on commodity servers, but only if you standardise on one server model and keep a spare. Mixed fleets are where the pain comes from.',
        likes: 5,
      },
    ],
  },
  {
    post: 'NVMe/TCP or RoCEv2 for a 20-node flash cluster?',
    comments: [
      {
        author: 'aiko',
        text: 'At 20 nodes NVMe/TCP is the safer bet. RoCEv2 needs lossless Ethernet end to end, and PFC tuning is a project of its own.',
        accepted: true,
        likes: 8,
      },
      {
        author: 'grace',
        text: 'We measured about 15% higher latency with TCP at queue depth 1, and almost no difference at depth 32. Depends on your workload.',
        likes: 6,
        replies: [
          {
            author: 'noor',
            text: 'Mostly databases with small random IO, so depth 1 does matter for us. Good to know the number.',
          },
        ],
      },
    ],
  },
  {
    post: 'Where should a new storage admin start learning?',
    comments: [
      {
        author: 'lena',
        text: 'Learn how a single disk fails first: SMART, latency outliers, rebuilds. Everything else in storage is built on top of that.',
        likes: 7,
      },
      {
        author: 'maya',
        text: 'Build a three-node Ceph or MinIO cluster on old machines and break it on purpose. You learn more from one failed rebuild than from a week of slides.',
        accepted: true,
        likes: 15,
        replies: [
          {
            author: 'ethan',
            text: 'Doing this now with three retired desktops. Already learned what a slow disk does to the whole pool.',
          },
        ],
      },
    ],
  },
  {
    post: 'My S3 compatibility checklist (add yours)',
    comments: [
      {
        author: 'tomw',
        text: 'Add: multipart uploads with more than 1,000 parts, and ListObjectsV2 with a delimiter on buckets with millions of keys.',
        likes: 5,
      },
      {
        author: 'samk',
        text: 'Object lock in compliance mode. Several "compatible" stores accept the header and silently ignore it.',
        likes: 11,
        replies: [{ author: 'priya', text: 'Great one, adding it with a test that tries to delete a locked version.' }],
      },
    ],
  },
];

const zh: DemoThread[] = [
  {
    post: 'Ceph 集群从三副本改成 EC 8+3，这半年踩过的坑',
    comments: [
      {
        author: 'maxiao',
        text: '重建时间这点深有体会。我们白天把恢复限速在 30%，晚上放开跑，业务基本无感。',
        likes: 9,
        replies: [
          { author: 'linwei', text: '我们也差不多这么做的。你们是脚本切换还是用自带的调度？' },
          { author: 'maxiao', text: '一个定时任务，早八点晚八点各切一次，简单但够用。', to: 'linwei' },
        ],
      },
      {
        author: 'zhaoym',
        text: '8+3 和 6+3 是怎么选的？一个故障域只有 11 台主机的话，维护时下线一台就很紧张了。',
        likes: 4,
        replies: [{ author: 'linwei', text: '我们这个池有 14 台主机，留了余量。只有 11 台的话我会选 6+3。' }],
      },
      { author: 'wanghc', text: '小对象那段很有共鸣，网关层打包确实被低估了。', likes: 3 },
    ],
  },
  {
    post: '备份一体机和「备份软件 + 通用服务器」，该怎么选？',
    comments: [
      {
        author: 'chenlei',
        text: '运维只有两三个人的话建议一体机。自建省下的硬件钱，第一次遇到固件不兼容、周末加班排查时就全还回去了。',
        accepted: true,
        likes: 12,
        replies: [
          { author: 'liuqing', text: '这正是我跟领导申请预算需要的理由，谢谢！' },
          { author: 'kevinz', text: '同意，不过要看清楚授权按前端容量还是后端容量算，差别很大。', to: 'liuqing' },
        ],
      },
      {
        author: 'huangzq',
        text: '软件加通用服务器也可以，但一定统一机型并留备机。混合机型才是麻烦的根源。',
        likes: 5,
      },
    ],
  },
  {
    post: 'NVMe-oF 选 RoCE 还是 TCP？中小规模集群有必要上 RDMA 吗',
    comments: [
      {
        author: 'wuhao',
        text: '20 个节点左右建议 NVMe/TCP。RoCEv2 需要端到端无损网络，PFC 调优本身就是一个项目。',
        accepted: true,
        likes: 8,
      },
      {
        author: 'zhoujg',
        text: '我们实测队列深度 1 时 TCP 延迟高 15% 左右，深度 32 时几乎没差别，关键看业务负载。',
        likes: 6,
        replies: [{ author: 'maxiao', text: '主要是数据库小块随机读写，深度 1 的延迟对我们很关键，这个数据很有用。' }],
      },
    ],
  },
  {
    post: '新人求推荐：想系统学习存储，应该从哪里入手？',
    comments: [
      {
        author: 'kevinz',
        text: '先弄明白一块盘是怎么坏的：SMART、延迟毛刺、重建。存储的其他东西都建立在这之上。',
        likes: 7,
      },
      {
        author: 'linwei',
        text: '找几台旧机器搭一个三节点的 Ceph 或 MinIO，然后故意把它弄坏。一次失败的重建比看一周的 PPT 学到的都多。',
        accepted: true,
        likes: 15,
        replies: [{ author: 'sunbc', text: '正在用三台淘汰的台式机搭，已经见识到一块慢盘能把整个池拖慢了。' }],
      },
    ],
  },
  {
    post: '对象存储里的海量小文件：合并、打包还是换元数据架构？',
    comments: [
      {
        author: 'zhaoym',
        text: '我们的做法是写入时在网关合并成 64 MB 的段，索引单独放 KV，读放大可以接受。',
        likes: 6,
      },
      {
        author: 'kevinz',
        text: '补充一点：合并之后删除和回收会变复杂，要提前设计好碎片整理的策略。',
        likes: 10,
        replies: [{ author: 'wanghc', text: '是的，我们后来加了按段内有效数据比例触发的后台整理。' }],
      },
    ],
  },
];

export const DEMO_THREADS: Record<Site['lang'], DemoThread[]> = { zh, en };
