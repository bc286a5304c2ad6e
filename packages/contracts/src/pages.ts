import { lazySchema, z } from './zod';
import { defineCall, permission, PUBLIC } from './call';
import { PERMISSIONS } from './permissions';
import { plainLine, utf8Bytes } from './text-rules';
import { droppedImagesSchema } from './uploads';

/**
 * Content pages of a site that staff write in the back office: About (issue 4), the terms of use and
 * the privacy policy that registration links to (issue 17). The portal shows them through
 * `page.content`. The HTML is sanitised on the way in and again on the way out.
 */

export const PAGE_SLUGS = ['about', 'terms', 'privacy'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export const PAGE_RULE = { titleMax: 100, contentMaxBytes: 100 * 1024 } as const;

const slug = lazySchema(() => z.enum(PAGE_SLUGS, { message: 'siteAdmin.pages.slugRule' }));

export const adminPageSchema = lazySchema(() =>
  z.object({
    slug: z.enum(PAGE_SLUGS),
    title: z.string(),
    content: z.string().describe('sanitised HTML'),
    update_time: z.string().nullable().describe('ISO 8601 time; null while the page was never written'),
  }),
);
export type AdminPage = z.infer<typeof adminPageSchema>;

export const adminPageGet = defineCall({
  id: 'admin.pages.get',
  scope: 'site',
  path: '/admin/pages/get',
  write: false,
  access: permission(PERMISSIONS.pageManage),
  tag: 'admin',
  summary: 'A content page of the site as stored (sanitised HTML); empty while never written',
  body: lazySchema(() => z.strictObject({ slug })),
  data: adminPageSchema,
});

export const adminPageUpdate = defineCall({
  id: 'admin.pages.update',
  scope: 'site',
  path: '/admin/pages/update',
  write: true,
  access: permission(PERMISSIONS.pageManage),
  tag: 'admin',
  summary:
    'Writes a content page of the site: title 1 to 100 characters, HTML of at most 100 KB, sanitised on the server (no script, event handlers or javascript: URLs); pictures of other sites are copied into our storage, those that cannot be are left out and counted (dropped_images). Answers what was stored. Audited.',
  body: lazySchema(() =>
    z.strictObject({
      slug,
      title: z
        .string({ message: 'siteAdmin.pages.titleRule' })
        .transform(plainLine)
        .pipe(
          z
            .string()
            .trim()
            .min(1, { message: 'siteAdmin.pages.titleRule' })
            .max(PAGE_RULE.titleMax, { message: 'siteAdmin.pages.titleRule' }),
        ),
      content: z
        .string({ message: 'siteAdmin.pages.contentRule' })
        .refine((html) => utf8Bytes(html) <= PAGE_RULE.contentMaxBytes, { message: 'siteAdmin.pages.contentRule' })
        .describe('HTML, at most 100 KB (UTF-8); sanitised with the rich-text allow-list'),
    }),
  ),
  data: lazySchema(() => adminPageSchema.extend({ dropped_images: droppedImagesSchema })),
});

/** What the portal shows of a content page. */
export const pageContent = defineCall({
  id: 'page.content',
  scope: 'site',
  path: '/api/page/content',
  write: false,
  access: PUBLIC,
  tag: 'pages',
  summary:
    'A content page of the site (about, terms, privacy) as the portal shows it (sanitised HTML); 404 until written',
  body: lazySchema(() => z.strictObject({ slug })),
  data: lazySchema(() =>
    z.object({
      title: z.string(),
      content: z.string().describe('sanitised HTML'),
      update_time: z.string().describe('ISO 8601 time'),
    }),
  ),
});

export const pagesAdminCalls = [adminPageGet, adminPageUpdate] as const;
