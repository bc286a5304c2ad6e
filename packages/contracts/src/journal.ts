import { lazySchema, z } from './zod';
import { defineCall, PUBLIC } from './call';
import { ID_MAX } from './constants';
import { userBriefSchema } from './home';

/**
 * The e-magazine's reading side (issue 20, items 1–3; spec 2 journal routes, 6 "downloads restricted
 * to partners", 7 the ebook calls). Spec 7 lists `/api/ebook/...` without a site: the site comes from
 * the siteData cookie. Every list is keyset paged (`cursor` → `next_cursor`).
 *
 * Readers and downloads of an issue count once per member (or visitor) per issue and UTC day. An
 * issue's PDF is served only at `journalPdfPath(id)`, which checks the partner-only switch on the
 * server; the attachment's own address is never given out.
 */

export const JOURNAL_PAGE_SIZE = 12;

const id = (message: string) => z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });
const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));
const cursor = lazySchema(() => z.string().max(200).optional().describe('next_cursor of the previous page'));

/** Why the viewer may not download an issue's PDF: partner-only and the viewer is not an enterprise member. */
export const JOURNAL_REFUSAL = { partners: 'partners' } as const;

export const journalCategorySchema = lazySchema(() =>
  z.object({
    tjc_id: z.number(),
    tjc_name: z.string(),
    issue_count: z.number().describe('published issues'),
  }),
);

export const getEbookCategory = defineCall({
  id: 'ebook.category',
  scope: 'global',
  path: '/api/ebook/get_ebook_category',
  write: false,
  access: PUBLIC,
  tag: 'journal',
  summary: "The site's e-magazine categories in their order, with their published issues",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.object({ list: z.array(journalCategorySchema) })),
});

export const journalIssueSummarySchema = lazySchema(() =>
  z.object({
    teb_id: z.number(),
    teb_number: z.number().describe('the issue number'),
    teb_title: z.string(),
    teb_summary: z.string(),
    teb_cover_url: z.string().describe("'' when the issue has no cover"),
    tjc_id: z.number().nullable(),
    tjc_name: z.string(),
    partner_only: z.boolean(),
    has_pdf: z.boolean(),
    article_count: z.number(),
    read_count: z.number(),
    download_count: z.number(),
    publish_time: isoTime,
  }),
);
export type JournalIssueSummary = z.infer<typeof journalIssueSummarySchema>;

export const getEbookList = defineCall({
  id: 'ebook.list',
  scope: 'global',
  path: '/api/ebook/get_ebook_list',
  write: false,
  access: PUBLIC,
  tag: 'journal',
  summary: "The site's published issues, newest first (publish date, then id), of one category or all; keyset paged",
  body: lazySchema(() =>
    z.strictObject({
      tjc_id: id('journalAdmin.rules.categoryRequired').optional().describe('one category; all when omitted'),
      cursor,
      limit: z.number().int().min(1).max(50).default(JOURNAL_PAGE_SIZE),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(journalIssueSummarySchema), next_cursor: z.string().nullable() })),
});

const tebIdBody = lazySchema(() => z.strictObject({ teb_id: id('journalAdmin.rules.issueRequired') }));

export const journalIssueDetailSchema = lazySchema(() =>
  journalIssueSummarySchema.extend({
    pdf_url: z
      .string()
      .nullable()
      .describe('where the PDF is read and downloaded (journalPdfPath); null without a PDF'),
    pdf_size: z.number().describe('bytes; 0 without a PDF'),
    can_download: z.boolean().describe('the viewer may read and download the PDF'),
    download_refusal: z
      .enum([JOURNAL_REFUSAL.partners])
      .nullable()
      .describe("'partners': the issue is partner-only and the viewer is not an enterprise member"),
    is_preview: z.boolean().describe('not public yet (a draft or a future date): only editors see it'),
  }),
);
export type JournalIssueDetail = z.infer<typeof journalIssueDetailSchema>;

export const ebookInfo = defineCall({
  id: 'ebook.info',
  scope: 'global',
  path: '/api/ebook/ebookInfo',
  write: false,
  access: PUBLIC,
  tag: 'journal',
  summary:
    'An issue of the site: public once published and its date has come (editors see drafts, is_preview); 404 otherwise. Counts a reader of the issue once per member or visitor per day. Says whether the viewer may download its PDF (partner-only issues: enterprise members only)',
  body: tebIdBody,
  data: journalIssueDetailSchema,
});

export const journalAuthorSchema = lazySchema(() =>
  z.object({
    user: userBriefSchema
      .nullable()
      .describe('the author as a member of the portal (their profile card); null for a guest author'),
    name: z.string().describe("the name shown: the member's nickname, or the guest author's name"),
  }),
);

export const journalArticleSummarySchema = lazySchema(() =>
  z.object({
    tea_id: z.number(),
    teb_id: z.number(),
    tea_title: z.string(),
    tea_summary: z.string(),
    tea_sort: z.number(),
    author: journalAuthorSchema,
  }),
);
export type JournalArticleSummary = z.infer<typeof journalArticleSummarySchema>;

export const ebookArticleList = defineCall({
  id: 'ebook.articleList',
  scope: 'global',
  path: '/api/ebook/ebookArticleList',
  write: false,
  access: PUBLIC,
  tag: 'journal',
  summary: "An issue's table of contents: its articles in their order (sort, then id); keyset paged",
  body: lazySchema(() =>
    z.strictObject({
      teb_id: id('journalAdmin.rules.issueRequired'),
      cursor,
      limit: z.number().int().min(1).max(100).default(50),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(journalArticleSummarySchema), next_cursor: z.string().nullable() })),
});

export const ebookPreviousList = defineCall({
  id: 'ebook.previousList',
  scope: 'global',
  path: '/api/ebook/ebookPreviousList',
  write: false,
  access: PUBLIC,
  tag: 'journal',
  summary: 'The published issues before this one (by publish date, then id), newest first; keyset paged',
  body: lazySchema(() =>
    z.strictObject({
      teb_id: id('journalAdmin.rules.issueRequired'),
      cursor,
      limit: z.number().int().min(1).max(50).default(6),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(journalIssueSummarySchema), next_cursor: z.string().nullable() })),
});

export const journalStats = defineCall({
  id: 'ebook.stats',
  scope: 'global',
  path: '/api/ebook/journalStats',
  write: false,
  access: PUBLIC,
  tag: 'journal',
  summary: "The magazine's figures on the site: published issues, their articles, readers and downloads",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() =>
    z.object({
      issue_count: z.number(),
      article_count: z.number(),
      reader_count: z.number().describe('readers of the issues, each counted once per issue and day'),
      download_count: z.number(),
    }),
  ),
});

export const journalArticleDetailSchema = lazySchema(() =>
  journalArticleSummarySchema.extend({
    tea_content: z.string().describe('sanitised HTML'),
    read_count: z.number(),
    issue: z.object({ teb_id: z.number(), teb_number: z.number(), teb_title: z.string() }),
    prev: z.object({ tea_id: z.number(), tea_title: z.string() }).nullable(),
    next: z.object({ tea_id: z.number(), tea_title: z.string() }).nullable(),
  }),
);
export type JournalArticleDetail = z.infer<typeof journalArticleDetailSchema>;

export const ebookArticleInfo = defineCall({
  id: 'ebook.articleInfo',
  scope: 'global',
  path: '/api/ebook/ebookArticleInfo',
  write: false,
  access: PUBLIC,
  tag: 'journal',
  summary:
    'An article of a public issue, to read online, with its neighbours in the issue; counts a reader of the article and of its issue once per member or visitor per day',
  body: lazySchema(() => z.strictObject({ tea_id: id('journalAdmin.rules.articleRequired') })),
  data: journalArticleDetailSchema,
});

export const journalCalls = [
  getEbookCategory,
  getEbookList,
  ebookInfo,
  ebookArticleList,
  ebookPreviousList,
  journalStats,
  ebookArticleInfo,
] as const;

/** Where an issue's PDF is read (inline) and downloaded (`?download=1`); refused (403) for non-partners when partner-only. */
export const journalPdfPath = (issueId: number) => `/journal/pdf/${issueId}`;
/** The pages of the magazine. */
export const journalIndexPath = (prefix: string) => `/${prefix}/journal/index`;
export const journalIssuePath = (prefix: string, issueId: number) => `/${prefix}/journal/info/${issueId}`;
export const journalArticleAnchor = (articleId: number) => `article-${articleId}`;

/** The catalogue key of the partner-only refusal (spec 6), in both languages. */
export const JOURNAL_PARTNERS_ONLY_MSG = 'journalAdmin.api.partnersOnly';
