import { code, h2, p, ul, type SiteTexts } from './demo-text';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Demo content of the English site (tws_id 2). Companies and people are fictional. */
export const enTexts: SiteTexts = {
  utcOffsetHours: 0,

  members: [
    {
      key: 'maya',
      nick: 'maya.okafor',
      realName: 'Maya Okafor',
      company: 'Bluefjord Storage',
      jobTitle: 'Principal Storage Architect',
      industry: 'Internet & SaaS',
      expert: true,
      roles: [{ role: 'expert' }, { role: 'mvp' }, { role: 'topic_host', topic: 'ec' }],
      activity: 3,
      joinedDaysAgo: 410,
    },
    {
      key: 'dreyes',
      nick: 'dreyes',
      realName: 'Daniel Reyes',
      company: 'Harbor Mutual Insurance',
      jobTitle: 'Backup & Recovery Lead',
      industry: 'Financial Services',
      expert: true,
      roles: [
        { role: 'expert' },
        { role: 'moderator', board: 'Data Protection' },
        { role: 'topic_host', topic: 'ransomware' },
      ],
      activity: 3,
      joinedDaysAgo: 380,
    },
    {
      key: 'priya',
      nick: 'priya_n',
      realName: 'Priya Natarajan',
      company: 'Kestrel Data Labs',
      jobTitle: 'Staff Engineer, Object Storage',
      industry: 'Internet & SaaS',
      expert: true,
      roles: [{ role: 'expert' }, { role: 'topic_host', topic: 'object' }],
      activity: 2,
      joinedDaysAgo: 350,
    },
    {
      key: 'tomw',
      nick: 'tomwhitaker',
      realName: 'Tom Whitaker',
      company: 'Whitaker Advisory',
      jobTitle: 'Independent Storage Consultant',
      industry: 'Internet & SaaS',
      expert: false,
      roles: [{ role: 'kol' }],
      activity: 2,
      joinedDaysAgo: 330,
    },
    {
      key: 'lena',
      nick: 'lena.v',
      realName: 'Lena Vogel',
      company: 'Alpenrad Logistics',
      jobTitle: 'Head of Infrastructure',
      industry: 'Manufacturing',
      expert: false,
      roles: [{ role: 'enterprise' }],
      activity: 1,
      joinedDaysAgo: 260,
    },
    {
      key: 'samk',
      nick: 'samk',
      realName: 'Sam Kowalski',
      company: 'Ridgeway Health',
      jobTitle: 'Systems Engineer',
      industry: 'Healthcare & Life Sciences',
      expert: false,
      roles: [],
      activity: 1,
      joinedDaysAgo: 220,
    },
    {
      key: 'aiko',
      nick: 'aiko_t',
      realName: 'Aiko Tanaka',
      company: 'Lumen Quarry Research Institute',
      jobTitle: 'HPC Storage Engineer',
      industry: 'Education & Research',
      expert: true,
      roles: [{ role: 'expert' }],
      activity: 2,
      joinedDaysAgo: 240,
    },
    {
      key: 'marcus',
      nick: 'tape_marcus',
      realName: 'Marcus Bell',
      company: 'Cobalt River Media',
      jobTitle: 'Media Archive Engineer',
      industry: 'Media & Entertainment',
      expert: false,
      roles: [{ role: 'mvp' }],
      activity: 2,
      joinedDaysAgo: 300,
    },
    {
      key: 'noor',
      nick: 'noor.h',
      realName: 'Noor Haddad',
      company: 'Sandline Payments',
      jobTitle: 'Site Reliability Engineer',
      industry: 'Financial Services',
      expert: false,
      roles: [{ role: 'moderator', board: 'Flash & NVMe' }],
      activity: 3,
      joinedDaysAgo: 200,
    },
    {
      key: 'ethan',
      nick: 'ethan_b',
      realName: 'Ethan Brooks',
      company: 'Pinecrest County Schools',
      jobTitle: 'Junior Systems Administrator',
      industry: 'Education & Research',
      expert: false,
      roles: [],
      activity: 1,
      joinedDaysAgo: 90,
    },
    {
      key: 'grace',
      nick: 'grace.ml',
      realName: 'Grace Liu',
      company: 'Tessellate AI',
      jobTitle: 'ML Platform Engineer',
      industry: 'Internet & SaaS',
      expert: false,
      roles: [{ role: 'topic_host', topic: 'ai' }],
      activity: 2,
      joinedDaysAgo: 170,
    },
    {
      key: 'olivia',
      nick: 'olivia_community',
      realName: 'Olivia Grant',
      company: 'Storage Community',
      jobTitle: 'Community Editor',
      industry: 'Internet & SaaS',
      expert: false,
      roles: [{ role: 'editor' }, { role: 'moderator', board: 'Getting Started' }],
      activity: 2,
      joinedDaysAgo: 400,
    },
    {
      key: 'jonas',
      nick: 'jonas_lurks',
      realName: 'Jonas Berg',
      company: '',
      jobTitle: '',
      industry: 'Telecommunications',
      expert: false,
      roles: [],
      activity: 0,
      joinedDaysAgo: 20,
    },
  ],

  dictionaries: {
    industry: [
      'Financial Services',
      'Telecommunications',
      'Internet & SaaS',
      'Manufacturing',
      'Healthcare & Life Sciences',
      'Public Sector',
      'Media & Entertainment',
      'Education & Research',
      'Energy & Utilities',
    ],
    scene: [
      'Backup & Disaster Recovery',
      'Distributed Storage',
      'All-Flash & NVMe',
      'Object Storage',
      'Data Lakes & Analytics',
      'AI Training & Inference',
    ],
    area: [
      'North America',
      'Latin America',
      'UK & Ireland',
      'Western Europe',
      'Central Europe',
      'Nordics',
      'Middle East & Africa',
      'Asia Pacific',
    ],
    board: ['Architecture & Design', 'Data Protection', 'Flash & NVMe', 'Cloud & Object Storage', 'Getting Started'],
    source: { original: 'Original', reprint: 'Reprint' },
  },

  banners: [
    { title: 'Storage Field Day Europe is on now in Amsterdam', image: 2, link: { event: 'field-day' } },
    { title: 'Ransomware recovery: from backups to a working business', image: 4, link: { path: 'subject/list' } },
    { title: 'New topic: storage for AI training', image: 1, link: { path: 'subject/list' } },
    { title: 'Read the latest issue of Storage Horizons', image: 3, link: { path: 'journal/index' } },
  ],

  eventExtras: {
    provinceOf: {
      'North America': 'Americas',
      'Latin America': 'Americas',
      'UK & Ireland': 'Europe',
      'Western Europe': 'Europe',
      'Central Europe': 'Europe',
      Nordics: 'Europe',
      'Middle East & Africa': 'Middle East & Africa',
      'Asia Pacific': 'Asia Pacific',
    },
    formFields: [
      { key: 'name', type: 'text', label: 'Full name', required: true, options: [] },
      { key: 'company', type: 'company', label: 'Company', required: true, options: [] },
      { key: 'phone', type: 'phone', label: 'Phone', required: false, options: [] },
      {
        key: 'role',
        type: 'choice',
        label: 'Role',
        required: true,
        options: ['Architect', 'Operations', 'Developer', 'Manager', 'Other'],
      },
    ],
    schedule: [
      [0, 'Welcome and opening'],
      [1, 'Keynote'],
      [3, 'Panel and questions'],
    ],
    onlineUrl: 'https://meeting.example.com/storage-community-en',
  },
  events: [
    {
      key: 'tuning-workshop',
      state: 'registering',
      title: 'Hands-on Storage Tuning Workshop (small online class)',
      summary: 'Two seats, one instructor: bring your fio results and tune them together. A waitlist opens when full.',
      cover: 3,
      online: true,
      area: '',
      address: 'Online (the link is shown once you have signed up)',
      start: [6, 17],
      end: [6, 19],
      signupOpen: [-2, 9],
      signupClose: [5, 20],
      capacity: 2,
      fill: 0,
      body: [
        p(
          'A small hands-on class: the instructor works through queue depth, block size and latency percentiles with two attendees, on their own fio results.',
        ),
        ul(
          'Bring: a test machine that runs fio',
          'Send a baseline result before the class',
          'When the class is full, join the waitlist: a cancellation gives the seat to the first one waiting',
        ),
      ],
    },
    {
      key: 'cxl-ama',
      state: 'notStarted',
      title: 'Ask Me Anything: CXL for Storage Engineers',
      summary: 'Two engineers who have run CXL memory expanders in the lab answer your questions, live.',
      cover: 6,
      online: true,
      area: '',
      address: 'Online (the stream link is sent to registered members)',
      start: [27, 16],
      end: [27, 17],
      signupOpen: [4, 9],
      signupClose: [27, 12],
      capacity: 1000,
      fill: 0,
      body: [
        p(
          'CXL keeps coming up in roadmaps, but what does it change for people who run storage? Bring your questions about memory expansion, pooling and what the software stack needs to catch up.',
        ),
        ul(
          'Quick primer: CXL device types in ten minutes',
          'What we measured with Type 3 memory expanders',
          'Open Q&A',
        ),
      ],
    },
    {
      key: 'summit-na',
      state: 'notStarted',
      title: 'Storage Community Summit North America',
      summary: 'Two days, four tracks and thirty talks from practitioners, not slideware.',
      cover: 1,
      online: false,
      area: 'North America',
      address: 'Harborview Conference Center, 400 Pier Street, Seattle, WA',
      start: [52, 15],
      end: [53, 23],
      signupOpen: [6, 15],
      signupClose: [48, 23],
      capacity: 600,
      fill: 0,
      body: [
        p(
          'Our annual summit is back. Every talk comes from someone who has run the thing in production, and every track ends with an open floor for questions.',
        ),
        h2('Tracks'),
        ul(
          'Distributed and cloud-native storage',
          'Data protection and ransomware recovery',
          'Flash, NVMe and NVMe-oF',
          'Storage for AI training and inference',
        ),
        p('The community MVP awards will be presented on the evening of day one.'),
      ],
    },
    {
      key: 'nvmeof-lab',
      state: 'registering',
      title: 'Hands-on Lab: NVMe over TCP from Scratch',
      summary: 'Build an NVMe/TCP target and initiator on plain Linux and measure what you get.',
      cover: 2,
      online: false,
      area: 'Western Europe',
      address: 'Kanaalhuis Labs, Veemkade 112, Amsterdam',
      start: [18, 12],
      end: [18, 17],
      signupOpen: [-7, 9],
      signupClose: [16, 17],
      capacity: 40,
      fill: 0.6,
      body: [
        p(
          'A small, practical workshop. We provide ten lab environments; you work in pairs and leave with a working configuration you understand.',
        ),
        ul(
          'Configure an NVMe/TCP target with nvmet',
          'Connect and multipath from the initiator side',
          'Compare latency and CPU cost against iSCSI with fio',
        ),
        p('Bring a laptop with an SSH client. Coffee and lunch are on us.'),
      ],
    },
    {
      key: 'ai-webinar',
      state: 'registering',
      title: 'Webinar: Keeping GPUs Fed',
      summary: 'Data loaders, local NVMe caches and checkpointing: where AI training clusters lose time to storage.',
      cover: 5,
      online: true,
      area: '',
      address: 'Online (the stream link is sent to registered members)',
      start: [10, 17],
      end: [10, 18],
      signupOpen: [-5, 9],
      signupClose: [10, 15],
      capacity: 2000,
      fill: 0.27,
      body: [
        p(
          'GPUs are the most expensive thing in the room, and they spend a surprising share of their time waiting for data. Grace Liu walks through what her team measured and changed.',
        ),
        ul(
          'Reading the I/O pattern of your data loader',
          'Local NVMe caching in front of shared storage',
          'Asynchronous, sharded checkpoints',
        ),
      ],
    },
    {
      key: 'field-day',
      state: 'inProgress',
      title: 'Storage Field Day Europe',
      summary: 'Three days of deep-dive sessions, a lab floor and practitioner roundtables in Amsterdam.',
      cover: 3,
      online: false,
      area: 'Western Europe',
      address: 'Oosterdok Conference Hall, Dijksgracht 7, Amsterdam',
      start: [-1, 8],
      end: [1, 17],
      signupOpen: [-40, 9],
      signupClose: [-3, 17],
      capacity: 350,
      fill: 0.94,
      body: [
        p(
          'Field Day is our most technical event of the year: long sessions, real configurations and plenty of time for arguments in the hallway.',
        ),
        h2('Highlights'),
        ul(
          'Erasure coding at exabyte scale: what breaks first',
          'Roundtable: when is NVMe-oF worth the network work?',
          'Clean-room recovery, live on the lab floor',
        ),
      ],
    },
    {
      key: 's3-bootcamp',
      state: 'inProgress',
      title: 'Object Storage Bootcamp (online, 7 evenings)',
      summary: 'Seven one-hour sessions with homework, from the S3 API basics to Object Lock.',
      cover: 4,
      online: true,
      area: '',
      address: 'Online (session links are posted in the bootcamp channel)',
      start: [-3, 18],
      end: [3, 19],
      signupOpen: [-21, 9],
      signupClose: [-4, 22],
      capacity: 250,
      fill: 0.9,
      body: [
        p(
          'Led by Priya Natarajan, host of the Object Storage topic. Each session starts at 18:00 UTC and runs for an hour.',
        ),
        ul(
          'Days 1-2: object storage basics and the S3 API',
          'Days 3-4: metadata design and the small-object problem',
          'Day 5: lifecycle rules and storage tiers',
          'Day 6: versioning and Object Lock',
          'Day 7: homework review',
        ),
        p('Finish all the homework to earn community points and a completion badge.'),
      ],
    },
    {
      key: 'ransomware-panel',
      state: 'ended',
      title: 'Panel: Backup Architecture in the Age of Ransomware',
      summary: 'Three recovery leads on immutable copies, isolated recovery and drills that mean something.',
      cover: 6,
      online: true,
      area: '',
      address: 'Online (ended; a written recap is in the Ransomware Recovery topic)',
      start: [-13, 16],
      end: [-13, 17],
      signupOpen: [-35, 9],
      signupClose: [-13, 12],
      capacity: 1500,
      fill: 0.58,
      body: [
        p(
          'Attackers now go for the backups first. This panel was about keeping backups alive and, more importantly, getting the business back.',
        ),
        ul(
          'The 3-2-1-1-0 rule in practice',
          'Ways to make storage immutable, and their limits',
          'How to run a recovery drill that is not theatre',
        ),
      ],
    },
    {
      key: 'manchester-meetup',
      state: 'ended',
      title: 'Distributed Storage Meetup: Manchester',
      summary: 'An evening of three talks on erasure coding, slow disks and object metadata.',
      cover: 1,
      online: false,
      area: 'UK & Ireland',
      address: 'The Loom Works, 21 Canal Street, Manchester',
      start: [-68, 18],
      end: [-68, 21],
      signupOpen: [-95, 9],
      signupClose: [-69, 17],
      capacity: 90,
      fill: 0.93,
      body: [
        p('Thanks to everyone who came out on a rainy Thursday. The talks:'),
        ul(
          'Maya Okafor: choosing erasure-coding profiles',
          'Noor Haddad: catching slow disks before they hurt',
          'Priya Natarajan: why listing is slow',
        ),
      ],
    },
  ],

  topics: [
    {
      key: 'ec',
      title: 'Erasure Coding in Practice',
      description: 'Profiles, failure domains, rebuild times and the trade-offs nobody puts on the datasheet.',
      cover: 1,
      articles: [
        {
          title: 'Choosing an EC profile: 4+2, 8+3 or 12+4?',
          author: 'maya',
          body: [
            p(
              'Every erasure-coding profile is a bet on three things: how many failure domains you have, how long you can afford a rebuild to take, and how big your objects are.',
            ),
            h2('Failure domains first'),
            p(
              'k+m must not exceed the number of failure domains, usually racks. If it does, a single rack failure takes out more than m chunks of some stripes and you lose data.',
            ),
            h2('Then rebuild cost'),
            p(
              'Rebuilding one chunk means reading k others. Wider stripes mean more network traffic and longer windows of reduced redundancy.',
            ),
            ul(
              'Up to about ten racks: 4+2',
              'Around twenty racks: 8+3',
              'Large cold tiers: 12+4 or wider, with a generous rebuild budget',
            ),
          ],
        },
        {
          title: 'Rebuild time is the number that matters',
          author: 'tomw',
          body: [
            p(
              'Durability calculators love to show you eleven nines. What they rarely show is how long the system spends with reduced protection after a drive fails.',
            ),
            p(
              'With 20 TB drives, a single rebuild can run for a day or more on a busy cluster. During that time a second and third failure are not as unlikely as you would hope, especially with drives from the same batch.',
            ),
            ul(
              'Measure rebuild time under real load, not on an idle cluster',
              'Spread drive batches across failure domains',
              'Alert on degraded-time, not just on failed drives',
            ),
          ],
        },
        {
          title: 'Local reconstruction codes, without the maths',
          author: 'aiko',
          body: [
            p(
              'Classic Reed-Solomon codes make you read k chunks to repair one. Local reconstruction codes add a few extra parity chunks, each covering a small group, so most single failures can be repaired by reading only that group.',
            ),
            p(
              'You pay a little more capacity in exchange for much cheaper repairs of the common case. For large clusters where single-drive failures happen every day, that trade is usually worth it.',
            ),
          ],
        },
      ],
    },
    {
      key: 'nvmeof',
      title: 'NVMe over Fabrics',
      description: 'NVMe/TCP, RoCE and Fibre Channel: how to deploy, tune and measure them.',
      cover: 2,
      articles: [
        {
          title: 'NVMe/TCP vs RoCEv2: what we measured on 25GbE',
          author: 'noor',
          body: [
            p('We ran the same fio profiles against local NVMe, NVMe/TCP, RoCEv2 and iSCSI on a small 25GbE lab.'),
            ul(
              '4K random read: RoCEv2 added about 10 µs over local, NVMe/TCP about 30 µs, iSCSI well over 80 µs',
              '128K sequential: all three filled the link',
              'CPU: NVMe/TCP cost noticeably more cycles per I/O than RoCEv2',
            ),
            p(
              'Our conclusion: unless you already run a lossless network, start with NVMe/TCP. The latency gap is real but small next to what most applications add on top.',
            ),
          ],
        },
        {
          title: 'Multipathing NVMe-oF on Linux: native or dm-multipath?',
          author: 'maya',
          body: [
            p(
              'Linux has native NVMe multipathing built into the driver, and it is the default on most current distributions. dm-multipath still works, but you give up some of the NVMe-specific behaviour.',
            ),
            code('cat /sys/module/nvme_core/parameters/multipath\nnvme list-subsys'),
            p(
              'Our advice: use native multipath with the round-robin or queue-depth policy, and check that your array reports ANA states correctly before you go to production.',
            ),
          ],
        },
        {
          title: 'When all-flash is not enough: hunting tail latency',
          author: 'tomw',
          body: [
            p(
              'Average latency on a modern all-flash array is almost always fine. The complaints come from the tail: the 99.9th percentile that turns a 2 ms page into a 200 ms one.',
            ),
            ul(
              'Garbage collection inside the drives',
              'Snapshot and replication jobs competing for the same controllers',
              'Host queue depth set too low, or too high',
              'A single slow path in a multipath group',
            ),
            p('Graph percentiles, not averages, and correlate them with background jobs before blaming the array.'),
          ],
        },
      ],
    },
    {
      key: 'object',
      title: 'Object Storage and the S3 API',
      description: 'Compatibility, bucket design, lifecycle rules and keeping the bill under control.',
      cover: 3,
      articles: [
        {
          title: 'What "S3-compatible" really means',
          author: 'priya',
          body: [
            p(
              'Almost every object store claims S3 compatibility. In practice that ranges from "the common calls work" to "our SDK tests pass unchanged".',
            ),
            ul(
              'Multipart upload limits and behaviour on retries',
              'ListObjectsV2 pagination and delimiter handling',
              'Conditional requests and ETag semantics',
              'Versioning, delete markers and Object Lock',
            ),
            p(
              'Write a small test suite for the calls your applications actually use, and run it against every new endpoint before anyone builds on it.',
            ),
          ],
        },
        {
          title: 'Designing bucket layouts for a billion objects',
          author: 'priya',
          body: [
            p(
              "At a billion objects, key design stops being a matter of taste. Most object stores shard metadata by key range, so keys that all start with today's date pile onto the same shard.",
            ),
            ul(
              'Put a high-cardinality component early in the key',
              'Keep listing prefixes small enough to page through quickly',
              'Avoid buckets that mix hot and cold data with different lifecycles',
            ),
          ],
        },
        {
          title: 'Lifecycle rules that actually save money',
          author: 'lena',
          reprint: true,
          sourceUrl: 'https://docs.aws.amazon.com/AmazonS3/latest/userguide/object-lifecycle-mgmt.html',
          body: [
            p(
              'Our logistics telemetry was 70% of our object storage footprint, and almost nobody read it after a month. A lifecycle rule fixed that:',
            ),
            code(
              '{\n  "Rules": [{\n    "ID": "telemetry-to-cold",\n    "Filter": { "Prefix": "telemetry/" },\n    "Status": "Enabled",\n    "Transitions": [{ "Days": 30, "StorageClass": "COLD" }],\n    "Expiration": { "Days": 400 }\n  }]\n}',
            ),
            p(
              'Watch out for minimum storage durations and retrieval fees on cold tiers, and always test a new rule on a scratch bucket first.',
            ),
          ],
        },
      ],
    },
    {
      key: 'ransomware',
      title: 'Ransomware Recovery',
      description: 'Backups are the means; recovery is the goal. Immutable copies, clean rooms and drills.',
      cover: 4,
      articles: [
        {
          title: 'Immutable backups are not a strategy on their own',
          author: 'dreyes',
          body: [
            p(
              'Immutability stops an attacker from deleting your backups. It does not tell you whether those backups are clean, complete, or restorable in the time the business needs.',
            ),
            ul(
              'Know which systems come back first, and write it down',
              'Scan restore points before you trust them',
              'Measure real restore times, not vendor throughput numbers',
            ),
            p('Think of immutability as the seatbelt. You still need to know how to drive.'),
          ],
        },
        {
          title: 'Building a clean room for recovery',
          author: 'dreyes',
          body: [
            p(
              'Restoring straight into a compromised network is how organisations get hit twice. A clean room is an isolated environment where you restore, inspect and rebuild before anything goes back into production.',
            ),
            ul(
              'Separate network and identity, with no trust to the production domain',
              'Golden images for core services, kept offline',
              'A checklist for promoting systems from the clean room to production',
            ),
          ],
        },
        {
          title: 'What our tabletop exercise taught us',
          author: 'samk',
          body: [
            p(
              'We ran a half-day tabletop with IT, clinical operations and legal. Nobody touched a keyboard, and we still found more gaps than in any technical test.',
            ),
            ul(
              'Nobody knew who could authorise shutting down the EHR interfaces',
              'Our contact list for the backup vendor was two years out of date',
              'Clinical teams needed downtime procedures printed, not on the intranet',
            ),
          ],
        },
      ],
    },
    {
      key: 'cxl',
      title: 'CXL and Memory Tiering',
      description: 'What Compute Express Link changes between memory and storage, and what it does not.',
      cover: 5,
      articles: [
        {
          title: 'CXL for storage people: a field guide',
          author: 'aiko',
          body: [
            p(
              'CXL runs over the PCIe physical layer and lets a CPU access memory on an attached device with cache coherency. For storage engineers, the interesting part is Type 3: memory expanders.',
            ),
            ul(
              'Type 1: accelerators with a cache, no device memory exposed',
              'Type 2: accelerators with their own memory',
              'Type 3: memory expansion and, later, pooling',
            ),
            p(
              'Expect latency somewhere between local DRAM and a NUMA hop further away. Software has to know which memory is which.',
            ),
          ],
        },
        {
          title: 'Memory tiering experiments with CXL expanders',
          author: 'maya',
          body: [
            p(
              'We put a key-value cache on a machine with local DRAM plus a CXL memory expander and let the kernel tier pages between them.',
            ),
            p(
              'With a skewed workload, throughput stayed within 8% of an all-DRAM setup while holding 60% more data in memory. With a uniform workload the gap grew to around 25%.',
            ),
          ],
        },
      ],
    },
    {
      key: 'ai',
      title: 'Storage for AI Training',
      description: 'Data loading, checkpointing and keeping datasets around without going broke.',
      cover: 6,
      articles: [
        {
          title: "Feeding GPUs: reading your data loader's I/O pattern",
          author: 'grace',
          body: [
            p('Before buying faster storage, find out what your training jobs actually ask for.'),
            ul(
              '**Image datasets**: many small random reads; metadata and IOPS matter',
              '**Text corpora**: usually pre-sharded; mostly large sequential reads',
              '**Multimodal**: both at once, and the largest datasets',
            ),
            p(
              'Packing small files into shards is usually the cheapest win. A local NVMe cache is the second. Upgrading shared storage comes third.',
            ),
          ],
        },
        {
          title: 'Checkpointing large models without stalling training',
          author: 'grace',
          body: [
            p(
              'Our 13B-parameter runs wrote about 1.5 TB per checkpoint and stalled for several minutes each time. Three changes got the stall under a minute:',
            ),
            ul(
              'Copy state to host memory, then write in a background thread',
              'Every rank writes its own shard in parallel',
              'Stage on local NVMe and drain to shared storage asynchronously',
            ),
          ],
        },
        {
          title: 'Parallel file system or object storage for training data?',
          author: 'aiko',
          body: [
            p(
              'Parallel file systems give you low latency and POSIX semantics; object storage gives you cheap capacity and simple scaling. Most large training setups end up with both.',
            ),
            p(
              'Keep the active dataset and recent checkpoints on the parallel file system, and treat object storage as the system of record that everything is staged from.',
            ),
          ],
        },
        {
          title: 'Tape as the last tier for AI datasets',
          author: 'marcus',
          body: [
            p(
              "Training data has a long tail: you rarely need last year's raw crawl, but you may have to prove what a model was trained on. Tape is very good at exactly that.",
            ),
            ul(
              'Lowest cost per terabyte for data you almost never read',
              'Offline copies are immune to ransomware by design',
              'Plan retrieval times into your audit process',
            ),
          ],
        },
      ],
    },
  ],

  posts: [
    {
      title: 'We moved 4 PB from triple replication to 8+3 erasure coding. What surprised us',
      author: 'maya',
      type: 'discussion',
      board: 'Architecture & Design',
      industry: 'Internet & SaaS',
      scene: 'Distributed Storage',
      body: [
        p(
          'Late last year we moved a 4 PB archive cluster from three replicas to EC 8+3. Usable capacity went from 33% to about 72%, which looked great on the budget slide. Six months on, a few things are worth sharing.',
        ),
        h2('Small objects got more expensive, not less'),
        p(
          'We store a lot of thumbnails in the tens of kilobytes. In the EC pool they took more raw space than they did with replicas. We ended up packing small objects at the gateway and keeping a replicated pool for anything under 64 KB.',
        ),
        h2('Rebuilds take much longer'),
        p(
          'A failed 16 TB drive rebuilt in about 6 hours with replicas and close to 14 hours with 8+3, with read latency visibly higher the whole time. Tune recovery throttles by time of day instead of picking one value.',
        ),
        ul(
          'Alert on degraded and misplaced placement groups',
          'Graph latency per pool, as percentiles',
          'Track recovery bandwidth separately from client bandwidth',
        ),
        p('EC is a great fit for warm and cold data. For hot data we are staying with replicas.'),
      ],
    },
    {
      title: 'Backup appliance, or backup software on commodity servers?',
      author: 'ethan',
      type: 'question',
      board: 'Data Protection',
      industry: 'Education & Research',
      scene: 'Backup & Disaster Recovery',
      body: [
        p(
          'Our district is replacing an ageing backup setup: roughly 120 TB protected, a few hundred GB of change a day, mostly VMs and file shares.',
        ),
        p(
          'We are torn between an all-in-one appliance and buying licences to run on our own servers with big drives. For those who have run both:',
        ),
        ul(
          'Is appliance dedupe really that much better?',
          'How painful is expansion when the appliance fills up?',
          'How much extra admin work does the DIY route add?',
        ),
      ],
    },
    {
      title: 'Post-incident notes: restoring a claims platform after ransomware',
      author: 'dreyes',
      type: 'discussion',
      board: 'Data Protection',
      industry: 'Financial Services',
      scene: 'Backup & Disaster Recovery',
      body: [
        p(
          'Short version: we had the claims platform back in a little over four hours. No single product made that possible. Three boring habits did.',
        ),
        h2('An isolated copy'),
        p(
          'One copy of our backups lives in a separate management domain. The backup servers are not joined to production AD and the storage keeps immutable snapshots for 14 days. The attackers had domain admin; they never got near that copy.',
        ),
        h2('Quarterly restore drills'),
        p(
          'Every quarter we restore a complete application from the isolated copy and time every step. Those timings told us exactly what to bring back first on the day.',
        ),
        ul(
          'Wave 1: identity, DNS, core databases',
          'Wave 2: claims intake and payment interfaces',
          'Wave 3: reporting and everything else',
        ),
        p(
          'What we got wrong: some logs were not in the isolated copy, which left a gap of several hours for the forensics team. Log archives go into immutable storage this year.',
        ),
      ],
    },
    {
      title: 'NVMe/TCP or RoCEv2 for a 20-node flash cluster?',
      author: 'noor',
      type: 'question',
      board: 'Flash & NVMe',
      industry: 'Financial Services',
      scene: 'All-Flash & NVMe',
      body: [
        p('We are planning about 20 all-flash storage nodes serving 100 compute hosts over 25GbE.'),
        p(
          'RoCEv2 has the better latency numbers, but our network team is not keen on running PFC and ECN across the fabric. NVMe/TCP is simpler but reportedly heavier on CPU.',
        ),
        p('If you run either at this scale: how big is the real-world latency gap, and what bit you in operations?'),
      ],
    },
    {
      title: 'Small objects are eating our S3 bucket alive',
      author: 'priya',
      type: 'discussion',
      board: 'Cloud & Object Storage',
      industry: 'Internet & SaaS',
      scene: 'Object Storage',
      body: [
        p(
          'Most object-storage performance tickets I see end up being about small objects. There are three broad ways out:',
        ),
        ul(
          '**Pack on the client**: tar or a container format before upload. Most effective, but you have to change the application.',
          '**Aggregate at the gateway**: small objects written into larger segments. Transparent to clients, but deletes and space reclamation get harder.',
          '**Separate the metadata tier**: fixes slow LIST and HEAD, does nothing for space overhead.',
        ),
        p(
          'Start from the access pattern. Write-once, read-rarely data should be packed on the client. If you need random reads of individual objects, the work has to happen in the gateway or metadata layer.',
        ),
      ],
    },
    {
      title: 'How honest are data-reduction guarantees on all-flash arrays?',
      author: 'lena',
      type: 'question',
      board: 'Flash & NVMe',
      industry: 'Manufacturing',
      scene: 'All-Flash & NVMe',
      body: [
        p('We are shortlisting all-flash arrays and every vendor quotes 4:1 to 5:1 data reduction, "guaranteed".'),
        p(
          'Our mix is SQL Server, VDI and a fair amount of CAD data. What ratios do you actually see, and what should the guarantee say in the contract to be worth anything?',
        ),
      ],
    },
    {
      title: 'Tape is not dead: ten years of running a media archive',
      author: 'marcus',
      type: 'discussion',
      board: 'Data Protection',
      industry: 'Media & Entertainment',
      scene: 'Backup & Disaster Recovery',
      body: [
        p(
          'People are surprised we still run a tape library. For a broadcast archive it remains the workhorse, for three reasons: **cost, shelf life and being offline**.',
        ),
        ul(
          'Plan generation migrations two or three years ahead, before the old drives are gone',
          'Read back a random sample every year; we check 2% of cartridges',
          'LTFS makes tape feel like a file system, but small-file writes are still miserable',
          'An offline copy is the best ransomware defence there is',
        ),
        p(
          'Today hot material sits on NAS, nearline on object storage and the long-term archive on tape. Overall cost is less than half of keeping everything on disk.',
        ),
      ],
    },
    {
      title: 'Checkpoint stalls went from 9 minutes to 40 seconds',
      author: 'grace',
      type: 'discussion',
      board: 'Architecture & Design',
      industry: 'Internet & SaaS',
      scene: 'AI Training & Inference',
      body: [
        p(
          'On a 512-GPU cluster, each checkpoint of our largest model is about 1.6 TB. Writing it synchronously to the parallel file system stalled training for 9 minutes, close to 8% of our GPU time.',
        ),
        ul(
          'Checkpoint asynchronously: copy to host memory, write in the background',
          'Each rank writes its own shard instead of one giant file',
          'Stage on local NVMe and drain to shared storage',
          'Tie checkpoint frequency to the observed failure rate',
        ),
        p('Stalls are now around 40 seconds. Next up: moving older checkpoints to object storage automatically.'),
      ],
    },
    {
      title: 'Lessons from moving off HDFS to object storage',
      author: 'tomw',
      type: 'discussion',
      board: 'Cloud & Object Storage',
      industry: 'Internet & SaaS',
      scene: 'Data Lakes & Analytics',
      body: [
        p(
          'I helped a client move 6 PB from HDFS to object storage with an open table format on top. It took three quarters. Notes for anyone about to start:',
        ),
        ul(
          'Separating compute from storage lets the compute clusters scale with demand',
          'Rename is not atomic on object storage; old-style Hive tables broke in interesting ways until we switched table formats',
          'Compaction and snapshot expiry have to be daily jobs, not projects',
          'Cross-zone bandwidth is a hidden cost; keep compute and data in the same region',
        ),
        p('The migration itself was the easy part. Getting forty teams to agree on a directory convention was not.'),
      ],
    },
    {
      title: 'Where should a new storage admin start learning?',
      author: 'ethan',
      type: 'question',
      board: 'Getting Started',
      industry: 'Education & Research',
      scene: 'Distributed Storage',
      body: [
        p(
          'I have been a sysadmin for a year, mostly networking and Windows, and I just inherited our storage: a NAS and a small SAN for virtualisation.',
        ),
        p(
          'Everything I know feels scattered. Is there a learning path, a book or a home-lab setup you would recommend? I have a few retired servers to play with.',
        ),
      ],
    },
    {
      title: 'Where do you put the witness for a stretched cluster?',
      author: 'lena',
      type: 'discussion',
      board: 'Architecture & Design',
      industry: 'Manufacturing',
      scene: 'Backup & Disaster Recovery',
      body: [
        p(
          'We are designing an active-active setup across two sites 30 km apart, and the longest meeting so far was about the witness.',
        ),
        ul(
          '**A third site**: safest, but another rack and another pair of circuits',
          '**A cloud VM**: cheap, as long as the network paths to both sites are truly independent',
          '**In one of the two sites**: effectively no witness at all',
        ),
        p('We went with a small third site. Has anyone seen witness link flaps trigger an unwanted failover?'),
      ],
    },
    {
      title: 'Monitoring SSD write amplification: which SMART fields matter?',
      author: 'samk',
      type: 'question',
      board: 'Flash & NVMe',
      industry: 'Healthcare & Life Sciences',
      scene: 'All-Flash & NVMe',
      body: [
        p(
          'Our imaging servers have run on SATA SSDs for a few years and some drives are losing endurance faster than expected.',
        ),
        p(
          'How do you track write amplification in practice? Which SMART attributes are trustworthy, and is it any different for NVMe drives?',
        ),
      ],
    },
    {
      title: 'My S3 compatibility checklist (add yours)',
      author: 'priya',
      type: 'discussion',
      board: 'Cloud & Object Storage',
      industry: 'Internet & SaaS',
      scene: 'Object Storage',
      body: [
        p(
          'Before I let anyone build on a new "S3-compatible" endpoint, I run through this list. Compatibility claims vary a lot in the details.',
        ),
        ul(
          'Multipart upload: minimum part size, maximum parts, re-uploading the same part',
          'ListObjectsV2 pagination, delimiters and non-ASCII prefixes',
          'Conditional requests: If-Match and If-None-Match',
          'Versioning and delete markers',
          'Presigned URL expiry and clock skew',
          'Object Lock in governance and compliance mode',
        ),
        p('A minimal smoke test:'),
        code(
          'aws s3api create-bucket --bucket demo-check --endpoint-url "$ENDPOINT"\naws s3 cp ./10GB.bin s3://demo-check/ --endpoint-url "$ENDPOINT"\naws s3api list-objects-v2 --bucket demo-check --prefix "tést/" --endpoint-url "$ENDPOINT"',
        ),
        p('What else has caught you out?'),
      ],
    },
    {
      title: 'Imaging archive growth: expand the NAS or move to object storage?',
      author: 'samk',
      type: 'question',
      board: 'Cloud & Object Storage',
      industry: 'Healthcare & Life Sciences',
      scene: 'Object Storage',
      body: [
        p('Our imaging archive grows by about 200 TB a year and lives entirely on NAS, which is nearly full.'),
        p(
          'The suggestion on the table is to move studies older than three years to object storage behind a gateway. My worry is retrieval latency when a clinician pulls up an old study. Has anyone done this at a hospital?',
        ),
      ],
    },
    {
      title: 'How we catch slow disks before they hurt the cluster',
      author: 'noor',
      type: 'discussion',
      board: 'Architecture & Design',
      industry: 'Financial Services',
      scene: 'Distributed Storage',
      body: [
        p(
          'A disk that is failing slowly does more damage than one that dies outright: it never gets kicked out, it just drags down every request that touches it.',
        ),
        ul(
          'Collect p99 latency per disk and compare it with peers of the same model on the same host',
          "Ten minutes at three times the median lowers the disk's weight automatically",
          'Cross-check reallocated sectors and media errors',
          'Open a ticket automatically; a human confirms before the swap',
        ),
        p('Six months in, slow-disk incidents that reached the application are down by about 80%.'),
      ],
    },
    {
      title: 'Migrating 300 VMs to a KVM platform: storage gotchas?',
      author: 'lena',
      type: 'question',
      board: 'Architecture & Design',
      industry: 'Manufacturing',
      scene: 'Distributed Storage',
      body: [
        p(
          'Licensing changes are pushing us to move about 300 VMs to a KVM-based platform, with distributed block storage behind it.',
        ),
        ul(
          'Which tools have worked well for converting disk images?',
          'We rely on array snapshots and replication today; what replaces them?',
          'Both platforms will run side by side for months; how would you lay out storage for that?',
        ),
      ],
    },
    {
      title: 'Air-gapped, immutable, or both? Untangling backup vocabulary',
      author: 'dreyes',
      type: 'discussion',
      board: 'Data Protection',
      industry: 'Financial Services',
      scene: 'Backup & Disaster Recovery',
      body: [
        p('These words get used interchangeably in sales meetings. They are not the same thing.'),
        ul(
          '**Immutable**: the data cannot be changed or deleted until a retention date, even by an administrator',
          '**Air-gapped**: there is no network path to the copy at all, at least most of the time',
          '**Logically isolated**: reachable, but from a separate domain with separate credentials',
        ),
        p(
          'A good design usually has an immutable copy that is also logically isolated, plus an offline copy for the worst day.',
        ),
      ],
    },
    {
      title: 'LTO-9 drives stuck at 120 MB/s. What should I check?',
      author: 'samk',
      type: 'question',
      board: 'Data Protection',
      industry: 'Healthcare & Life Sciences',
      scene: 'Backup & Disaster Recovery',
      body: [
        p(
          'We added an LTO-9 library for long-term retention. Each drive is rated at 400 MB/s native, but backups crawl along at about 120 MB/s and the drives keep stopping and repositioning.',
        ),
        p('The source is a NAS full of mixed file sizes over 10GbE. Where would you start?'),
      ],
    },
    {
      title: 'A rule of thumb for erasure-coding stripe width',
      author: 'maya',
      type: 'discussion',
      board: 'Architecture & Design',
      industry: 'Internet & SaaS',
      scene: 'Distributed Storage',
      body: [
        p('I get asked about 4+2 versus 8+3 versus 12+4 every month. My starting point is three numbers:'),
        ul(
          '**Failure domains**: k+m must not exceed the number of racks or nodes',
          '**Rebuild window**: wider stripes read more data per repair',
          '**Object size**: wider stripes waste more space on small objects',
        ),
        p(
          'Roughly: up to ten racks use 4+2, around twenty use 8+3, and save 12+4 for large cold tiers. Then test with your own data.',
        ),
      ],
    },
    {
      title: 'CXL memory pooling: how close are we, really?',
      author: 'aiko',
      type: 'discussion',
      board: 'Architecture & Design',
      industry: 'Education & Research',
      scene: 'AI Training & Inference',
      body: [
        p(
          'CXL memory expanders are shipping and they work. Memory pooling across servers is a different story: it needs switches, fabric management and software that understands tiers, and most of that is early.',
        ),
        p(
          'For the next couple of years I expect the practical wins to be memory-hungry single-node workloads: in-memory databases, vector search and inference KV caches.',
        ),
        p(
          'The long-term point for storage people is that the line between memory and storage keeps blurring, and tiering will matter in both.',
        ),
      ],
    },
    {
      title: 'Our nightly backup window no longer fits. Options?',
      author: 'noor',
      type: 'question',
      board: 'Data Protection',
      industry: 'Financial Services',
      scene: 'Backup & Disaster Recovery',
      body: [
        p('Our main database gets a full backup every night. It has grown to 40 TB and the 8-hour window is gone.'),
        p(
          'We are looking at weekly fulls with daily incrementals, array snapshots feeding the backup, or forever-incremental. How did each work out for you, especially on restore time?',
        ),
      ],
    },
    {
      title: 'Recap: Distributed Storage Meetup, Manchester',
      author: 'olivia',
      type: 'discussion',
      board: 'Architecture & Design',
      industry: 'Internet & SaaS',
      scene: 'Distributed Storage',
      body: [
        p(
          'Ninety people, three talks and a lot of pizza. Thank you to our speakers and to everyone who braved the rain.',
        ),
        ul(
          'Maya Okafor on choosing erasure-coding profiles',
          'Noor Haddad on catching slow disks',
          'Priya Natarajan on why listing is slow',
        ),
        p(
          'Written versions of the talks are in the Erasure Coding and Object Storage topics. Where should we go next? Tell us in the comments.',
        ),
      ],
    },
    {
      title: 'Evaluating storage beyond the spec sheet: the questions I ask',
      author: 'tomw',
      type: 'discussion',
      board: 'Architecture & Design',
      industry: 'Internet & SaaS',
      scene: 'All-Flash & NVMe',
      body: [
        p('Spec sheets tell you what a system does on its best day. These questions tell you about the other days:'),
        ul(
          'What happens to latency during a controller failover, and during a drive rebuild?',
          'Can every component be upgraded without downtime, and how long does it take?',
          'Which of our backup and virtualisation versions are actually tested?',
          'What does support look like at 3 a.m. on a Sunday?',
        ),
      ],
    },
    {
      title: 'A lifecycle rule with an empty prefix nearly wiped a bucket',
      author: 'grace',
      type: 'discussion',
      board: 'Cloud & Object Storage',
      industry: 'Internet & SaaS',
      scene: 'Object Storage',
      body: [
        p(
          'A colleague wrote a lifecycle rule meant to expire logs/ after 30 days. The prefix field was left empty, so the rule applied to the whole bucket of training data.',
        ),
        p('Versioning saved us: expiry only added delete markers, and we restored everything in about two hours.'),
        ul(
          'Turn on versioning for any bucket you care about',
          'Try new lifecycle rules on a scratch bucket first',
          'Put lifecycle changes through change review like any other production change',
        ),
      ],
    },
    {
      title: 'Tuning queue depth and multipathing for databases on all-flash',
      author: 'tomw',
      type: 'discussion',
      board: 'Flash & NVMe',
      industry: 'Financial Services',
      scene: 'All-Flash & NVMe',
      body: [
        p(
          'A client moved their core database from a hybrid array to all-flash and expected their latency problems to disappear. Half of them did. The other half were on the host.',
        ),
        ul(
          '**HBA queue depth**: defaults are conservative; raising it to 128 smoothed out latency spikes',
          '**Multipath policy**: round-robin instead of active/passive, with a lower I/O count per path switch',
          '**Alignment**: check partitions and volumes are aligned so one I/O never spans two stripes',
        ),
        p(
          'Average read latency went from 1.2 ms to about 0.4 ms. Your numbers will depend on the array, so test first.',
        ),
      ],
    },
    {
      title: 'What do you use to monitor a mixed storage estate?',
      author: 'ethan',
      type: 'question',
      board: 'Getting Started',
      industry: 'Education & Research',
      scene: 'Distributed Storage',
      body: [
        p("Right now storage alerts come from each vendor's own console and by email, and we miss things."),
        p(
          'I would like one place for capacity, performance and alerts across the NAS, the SAN and a small Ceph cluster. Is Prometheus plus Grafana enough, or is there something better?',
        ),
      ],
    },
    {
      title: 'Object storage for video retention at our warehouses',
      author: 'lena',
      type: 'discussion',
      board: 'Cloud & Object Storage',
      industry: 'Manufacturing',
      scene: 'Object Storage',
      body: [
        p(
          'Camera footage is the classic write-heavy, read-rarely, rolling-retention workload. We ran it on general-purpose NAS for years and fought write stalls and painful expansions.',
        ),
        p(
          'Moving it to object storage with one prefix per site and day, and expiring whole days at once instead of file by file, removed most of the pain.',
        ),
      ],
    },
    {
      title: 'Model loading is slowing our inference autoscaling. Caching ideas?',
      author: 'grace',
      type: 'question',
      board: 'Architecture & Design',
      industry: 'Internet & SaaS',
      scene: 'AI Training & Inference',
      body: [
        p(
          'New inference nodes spend several minutes pulling a 30 GB model from shared storage before they can take traffic, which makes scaling up slow exactly when we need it.',
        ),
        p(
          'Has anyone had good results with local NVMe pre-warming, peer-to-peer distribution or sharded parallel loading?',
        ),
      ],
    },
    {
      title: 'What a controller firmware upgrade taught us about host multipath configs',
      author: 'marcus',
      type: 'discussion',
      board: 'Architecture & Design',
      industry: 'Media & Entertainment',
      scene: 'All-Flash & NVMe',
      body: [
        p(
          'We upgraded controller firmware on two arrays, planned as non-disruptive. When the second controller rebooted, a handful of edit-suite hosts did not fail over in time and stalled for about 40 seconds.',
        ),
        p(
          "Those hosts were built from an old multipath template with long timeouts. Lesson learned: check every host's configuration before an upgrade, not just the array's compatibility matrix.",
        ),
      ],
    },
    {
      title: 'Welcome! How the boards work and how to ask a good question',
      author: 'olivia',
      type: 'discussion',
      board: 'Getting Started',
      industry: 'Internet & SaaS',
      scene: 'Distributed Storage',
      body: [
        p('Welcome to the Storage Community. A quick tour of the boards:'),
        ul(
          '**Architecture & Design**: design, sizing and product selection',
          '**Data Protection**: backup, disaster recovery and ransomware',
          '**Flash & NVMe**: all-flash, SSDs and NVMe-oF',
          '**Cloud & Object Storage**: object storage, S3 and hybrid cloud',
          '**Getting Started**: no question is too basic',
        ),
        p(
          'When you ask, include your environment (scale, models, versions) and what you have already tried. You will get better answers faster.',
        ),
      ],
    },
  ],

  journals: {
    issueNo: (year, month) => `${year}-${String(month).padStart(2, '0')}`,
    title: (year, month) => `Storage Horizons, ${MONTHS[month - 1] ?? ''} ${year}`,
    summaries: [
      'This issue looks at storage for AI training: data loading, checkpointing and what to do with datasets once the run is over, with three engineers who do it every day.',
      'Ransomware recovery special. Two recovery leads from financial services on immutable copies, clean rooms and drills that are more than theatre.',
      'Object storage and data lakes: metadata design, lifecycle rules that pay off, lakehouse lessons, and a practical S3 compatibility checklist.',
      "Ten questions about erasure coding: stripe width, failure domains and rebuild time, explained from the operator's side.",
    ],
  },

  cooperation: [
    {
      title: 'Partner Program',
      summary:
        'For vendors, integrators and service providers who want to share technical knowledge with the community.',
      cover: 1,
      body: [
        p(
          'The Storage Community Partner Program is open to vendors, integrators and service providers across the storage industry. We believe neutral, technical conversation is good for everyone in it.',
        ),
        h2('What partners get'),
        ul(
          'A verified enterprise badge and company page',
          'Co-hosted webinars and local meetups',
          'Reviewed technical articles in our topics',
          'Speaking and exhibition slots at the annual summit',
        ),
        h2('What we ask'),
        p(
          'Content must be technical first. No thinly disguised ads, and any product comparison comes with a method others can reproduce.',
        ),
      ],
    },
    {
      title: 'Joint Solutions Lab',
      summary: 'Validate a solution with us under realistic load; the results are published as an open report.',
      cover: 2,
      body: [
        p(
          'Our lab offers standard test environments and methods so partners can validate solutions under realistic workloads.',
        ),
        ul(
          'Performance and resilience testing for distributed and all-flash storage',
          'RTO and RPO validation for backup and recovery',
          'Data pipeline testing for AI training',
        ),
        p('Reports are published once both sides have reviewed them, together with the full method and parameters.'),
      ],
    },
    {
      title: 'Co-host a Community Event',
      summary: 'Meetups, webinars and bootcamps: sponsor one or organise it with us.',
      cover: 3,
      body: [
        p('We run more than twenty meetups and webinars a year and welcome partners who want to help.'),
        ul(
          'Venue support: a meeting room or a studio',
          'Co-organising: shape the agenda and invite speakers with us',
          'Bootcamp sponsorship: lab environments or learning material',
        ),
        p('The editorial team signs off every agenda to keep it useful for members.'),
      ],
    },
    {
      title: 'Speakers and Authors',
      summary: 'Practitioners wanted: write for the community or speak at our events.',
      cover: 4,
      body: [
        p('If you run storage for a living and like explaining how, we would love to hear from you.'),
        ul(
          'Columnists: at least one original article a quarter',
          'Speakers: webinars and local meetups',
          'Bootcamp mentors: guide participants through labs and homework',
        ),
        p(
          'Regular authors and speakers can be nominated as community MVPs or resident experts, with points and badges to match.',
        ),
      ],
    },
  ],

  about: {
    title: 'About the Storage Community',
    body: [
      p(
        'The Storage Community is a place for people who build, run and buy data storage: architects, operators, developers and IT teams from every industry.',
      ),
      h2('What we talk about'),
      ul(
        'Distributed storage, all-flash and NVMe-oF',
        'Object storage, data lakes and hybrid cloud',
        'Backup, disaster recovery and ransomware recovery',
        'Storage for AI training and inference',
        'Tape archives, CXL and whatever comes next',
      ),
      h2('What you can do here'),
      ul(
        'Join webinars, local meetups and the annual summit',
        'Read and write reviewed articles in our topics',
        'Ask questions, answer them and share what you have learned',
        'Read our e-magazine, Storage Horizons',
        'Apply to become a resident expert or MVP',
      ),
      h2('How we work'),
      p(
        'We are **neutral, practical and open**. We prefer evidence to opinion, respect different technical choices, and do not run sales pitches dressed up as content.',
      ),
      p('For partnerships or feedback, write to the address at the bottom of every page.'),
    ],
  },

  settings: {
    contactEmail: 'community@example.com',
    copyright: (year) => `© ${year} Storage Community. All rights reserved.`,
  },
};
