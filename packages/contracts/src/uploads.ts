import { lazySchema, z } from './zod';
import { defineCall, MEMBER, PUBLIC, type AccessRule } from './call';
import { UPLOAD_DEFAULTS } from './constants';

/**
 * Uploads (spec 3 "Attachment", "Upload configuration", "Cloud-storage temporary credentials"; 5
 * "Attachments", "File picker"; 7 `/api/tool/*`; 9 "Cloud multipart"). Every upload becomes one row of
 * `attachments` owned by the member; forms (posts, articles, submissions) link attachments by
 * `att_id`. Files are judged by their bytes (the extension must agree), never stored under their
 * name, and cut off at the size limit while they stream in.
 *
 * Two ways in:
 * - through the server: multipart `POST` with one file in the field `file` (the four `/api/tool/up…`
 *   calls below, and the Word import);
 * - straight to the S3-compatible store (only when the server runs with STORAGE_DRIVER=s3):
 *   `getAliyunOssSts` opens a multipart upload and answers presigned part URLs (2 MB parts, 10 in
 *   parallel, valid 10 minutes); the browser PUTs the parts, keeps each part's ETag, then
 *   `addAttachment` (att_storage 2) completes the upload, checks the stored object and registers it.
 */

/** What each upload call accepts (lower-case extensions; the content must be of the same type). */
export const UPLOAD_TYPES = {
  image: ['jpg', 'jpeg', 'png', 'gif'],
  media: ['mp3', 'mp4'],
  file: ['pdf', 'txt', 'zip', 'rar', '7z', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'mp3', 'mp4'],
  import: ['xls', 'xlsx'],
} as const;

/** The purpose of an upload: decides the accepted types and the size limit. */
export const UPLOAD_PURPOSES = ['image', 'media', 'file', 'import'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export type UploadExtension = (typeof UPLOAD_TYPES)[UploadPurpose][number];

/** How an attachment is stored; `kind` says how it is shown (image inline, media player, file link). */
export const ATTACHMENT_STORAGE = { local: 1, s3: 2 } as const;
export const ATTACHMENT_KINDS = ['image', 'media', 'file'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export const UPLOAD_RULE = {
  /** Size limits: image_config.fileSize for images, file_config.fileSize for media and files (MB). */
  importMaxMb: UPLOAD_DEFAULTS.importFileSizeMb,
  /** Spec 9: direct multipart uploads. */
  partSize: 2_097_152,
  parallel: 10,
  timeoutMs: 600_000,
  /** The original name is kept (as the title) up to this many characters. */
  titleMax: 200,
  /** Word import: only .docx; a document that inflates past this is refused (zip bomb). */
  docxMaxInflatedBytes: 50 * 1024 * 1024,
  /**
   * Word import: counts a real article never reaches (a long thesis has a few thousand paragraphs,
   * a few hundred table cells, tables inside tables two or three deep, Word's lists nine levels at
   * most). A document past any of them is refused before it is converted. Rules of what a document
   * is, the same on every install (not settings of the machine, which are DOCUMENT_WORK_*).
   */
  docxMaxParagraphs: 20_000,
  docxMaxTableCells: 20_000,
  /** Tables inside tables, and list levels. */
  docxMaxNesting: 20,
  /** At most this many pictures of one document become attachments; the rest are left out. */
  docxMaxImages: 50,
} as const;

/**
 * Saving rich text copies the pictures of other sites into our storage; those that could not be copied
 * are left out, counted in `dropped_images`, and msg says so with this key ({{n}}).
 */
export const REMOTE_IMAGES_DROPPED_MSG = 'upload.api.remoteImagesDropped';
export const droppedImagesSchema = lazySchema(() =>
  z.number().describe('pictures of other sites left out of the content (0 when none)'),
);

/** The answer of every upload (spec 3): `address` is where the file is shown or downloaded. */
export const uploadDataSchema = lazySchema(() =>
  z.object({
    att_id: z.number(),
    original_name: z.string().describe('the name the file had on the member’s computer (display only)'),
    address: z
      .string()
      .describe('URL of the attachment: /attachments/{att_id}/{access key} (images inline, others download)'),
  }),
);
export type UploadData = z.infer<typeof uploadDataSchema>;

/** An attachment as forms and posts show it (tp_annex items in answers). */
export const attachmentSchema = lazySchema(() =>
  z.object({
    att_id: z.number(),
    att_title: z.string(),
    att_url: z.string(),
    att_size: z.number().describe('bytes'),
  }),
);

/**
 * Where an attachment is served: a download (or an inline image) through the server. The access key
 * (random, given when the file is stored) makes the address unguessable: ids are sequential.
 */
export function attachmentAddress(attId: number, accessKey: string): string {
  return `/attachments/${attId}/${accessKey}`;
}

/** An attachment as an address names it: its id and access key. */
export interface AttachmentRef {
  id: number;
  key: string;
}

/** The attachments a text (rich text's links and pictures) names by their address, each once. */
export function attachmentsAddressedIn(text: string): AttachmentRef[] {
  const refs = new Map<string, AttachmentRef>();
  for (const m of text.matchAll(/\/attachments\/(\d{1,15})\/([A-Za-z0-9_-]{1,64})/g)) {
    refs.set(`${m[1]}/${m[2]}`, { id: Number(m[1]), key: m[2]! });
  }
  return [...refs.values()];
}

/**
 * A multipart upload call: `POST {path}` (no site prefix; the site comes from the siteData cookie),
 * multipart/form-data with one file in the field `file`, headers `isapi: 1` and the session. Not a
 * JSON call, so not made with `defineCall`. Refusals: 400/40001 naming `file` (missing, empty, wrong
 * type by content or extension: `upload.api.format`), 413/40001 (`upload.api.tooLarge`, cut off while
 * streaming), 401 for visitors, 429 when writes come too fast.
 */
export interface UploadCall<Data extends z.ZodType = typeof uploadDataSchema> {
  id: string;
  scope: 'global';
  path: string;
  field: 'file';
  write: true;
  access: AccessRule;
  purpose: UploadPurpose | 'docx';
  summary: string;
  data: Data;
}

export const uploadImage: UploadCall = {
  id: 'tool.upLoadimage',
  scope: 'global',
  path: '/api/tool/upLoadimage/',
  field: 'file',
  write: true,
  access: MEMBER,
  purpose: 'image',
  summary: 'Uploads an image (jpg, jpeg, png, gif by content) of at most image_config.fileSize MB',
  data: uploadDataSchema,
};

export const uploadFile: UploadCall = {
  id: 'tool.uploadfile',
  scope: 'global',
  path: '/api/tool/uploadfile/',
  field: 'file',
  write: true,
  access: MEMBER,
  purpose: 'file',
  summary: `Uploads an attachment (${UPLOAD_TYPES.file.join(', ')} by content) of at most file_config.fileSize MB`,
  data: uploadDataSchema,
};

export const uploadMedia: UploadCall = {
  id: 'tool.uploadmedia',
  scope: 'global',
  path: '/api/tool/uploadmedia',
  field: 'file',
  write: true,
  access: MEMBER,
  purpose: 'media',
  summary: 'Uploads audio or video (mp3, mp4 by content) of at most file_config.fileSize MB',
  data: uploadDataSchema,
};

export const uploadImport: UploadCall = {
  id: 'tool.inportfile',
  scope: 'global',
  path: '/api/tool/inportfile/',
  field: 'file',
  write: true,
  access: MEMBER,
  purpose: 'import',
  summary: `Uploads a spreadsheet to import (xls, xlsx by content) of at most ${UPLOAD_RULE.importMaxMb} MB`,
  data: uploadDataSchema,
};

export const UPLOAD_CALLS = [uploadImage, uploadFile, uploadMedia, uploadImport] as const;

export const importDocxDataSchema = lazySchema(() =>
  z.object({
    html: z
      .string()
      .describe(
        'the document as sanitised rich text; its images are image attachments (/attachments/{id}/{access key})',
      ),
  }),
);

/**
 * Word import (issue 5 item 1): one .docx (by content: a zip with word/document.xml; a .doc, or a
 * .doc renamed .docx, is refused with `upload.api.docxOnly`) of at most file_config.fileSize MB. A
 * document that inflates past 50 MB is refused (`upload.api.docxTooLarge`), so is one past the
 * counts of UPLOAD_RULE (`docxTooManyParagraphs`, `docxTooManyCells`, `docxTooDeep`) and one whose
 * conversion passes its memory or time limit (`docxTooComplex`); when too many documents wait for
 * conversion the answer is 503 with Retry-After (`docxBusy`). Images inside become image
 * attachments of the member; links to outside images are dropped, never fetched.
 */
export const importDocx: UploadCall<typeof importDocxDataSchema> = {
  id: 'tool.importDocx',
  scope: 'global',
  path: '/api/tool/importDocx',
  field: 'file',
  write: true,
  access: MEMBER,
  purpose: 'docx',
  summary: 'Converts a Word document (.docx only) to sanitised rich text; its images become attachments',
  data: importDocxDataSchema,
};

const configItem = lazySchema(() =>
  z.object({
    fileSize: z.number().describe('MB per file'),
    fileLimit: z.number().describe('files per upload'),
  }),
);

/** The upload configuration of the site (spec 3), with what the browser needs to upload directly. */
export const uploadConfig = defineCall({
  id: 'tool.uploadConfig',
  scope: 'site',
  path: '/api/tool/uploadConfig',
  write: false,
  access: PUBLIC,
  tag: 'uploads',
  summary: 'Upload limits of the site (image_config, file_config), accepted types and the storage mode',
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() =>
    z.object({
      image_config: configItem,
      file_config: configItem,
      import_config: configItem,
      types: z.object({
        image: z.array(z.string()),
        media: z.array(z.string()),
        file: z.array(z.string()),
        import: z.array(z.string()),
      }),
      storage: z.enum(['local', 's3']).describe("'s3': the browser uploads straight to the store (getAliyunOssSts)"),
      multipart: z.object({ part_size: z.number(), parallel: z.number(), timeout_ms: z.number() }),
    }),
  ),
});

const fileNameSchema = lazySchema(() =>
  z
    .string({ message: 'upload.api.nameRequired' })
    .trim()
    .min(1, { message: 'upload.api.nameRequired' })
    .max(1000, { message: 'upload.api.nameRequired' })
    .describe('the original file name (only its extension is used; shown as the title)'),
);

/**
 * Opens a direct multipart upload into the S3-compatible store (only with STORAGE_DRIVER=s3, else
 * 409/201 `upload.api.directDisabled`). The key is the server's, never the name; the type and size
 * are checked like a server upload's (by extension here, by content at addAttachment). Answers the
 * spec's fields that make sense without handing out keys (region, bucket, img_path) and one presigned
 * PUT URL per 2 MB part, valid `UPLOAD_RULE.timeoutMs`.
 */
export const getAliyunOssSts = defineCall({
  id: 'tool.getAliyunOssSts',
  scope: 'global',
  path: '/api/tool/getAliyunOssSts',
  write: true,
  access: MEMBER,
  tag: 'uploads',
  summary: 'Starts a direct multipart upload to the object store: presigned part URLs (2 MB parts, 10 minutes)',
  body: lazySchema(() =>
    z.strictObject({
      file_name: fileNameSchema,
      file_size: z
        .number({ message: 'upload.api.sizeRequired' })
        .int({ message: 'upload.api.sizeRequired' })
        .min(1, { message: 'upload.api.empty' })
        .describe('bytes'),
      purpose: z.enum(['image', 'media', 'file'], { message: 'upload.api.purposeInvalid' }).default('file'),
    }),
  ),
  data: lazySchema(() =>
    z.object({
      region: z.string(),
      region2: z.string(),
      bucket: z.string(),
      bucket2: z.string(),
      img_path: z.string().describe('the key prefix of direct uploads'),
      key: z.string().describe('the object key; send it back as att_url'),
      upload_id: z.string(),
      part_size: z.number(),
      parallel: z.number(),
      expires_at: z.string().describe('ISO 8601; the part URLs and the ticket end then'),
      parts: z.array(z.object({ part_number: z.number(), url: z.string() })),
    }),
  ),
});

/**
 * Registers a direct upload (att_storage 2): `att_url` must be a key that getAliyunOssSts issued to
 * this member, not yet registered and not expired. With `upload_id` and `parts` (each part's ETag
 * from the PUT answers) the server completes the multipart upload first. The stored object's size
 * and content are checked like a server upload's; a refused object is deleted.
 */
export const addAttachment = defineCall({
  id: 'tool.addAttachment',
  scope: 'global',
  path: '/api/tool/addAttachment',
  write: true,
  access: MEMBER,
  tag: 'uploads',
  summary: 'Registers a file uploaded straight to the object store (att_storage 2) as an attachment',
  body: lazySchema(() =>
    z.strictObject({
      att_title: fileNameSchema,
      att_url: z
        .string({ message: 'upload.api.ticketInvalid' })
        .min(1, { message: 'upload.api.ticketInvalid' })
        .max(500),
      att_storage: z.literal(ATTACHMENT_STORAGE.s3, { message: 'upload.api.storageInvalid' }),
      upload_id: z.string().max(500).optional(),
      parts: z
        .array(z.object({ part_number: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }))
        .max(10_000)
        .optional(),
    }),
  ),
  data: lazySchema(() =>
    z.object({
      att_id: z.number(),
      att_url: z.string(),
      original_name: z.string(),
      address: z.string(),
    }),
  ),
});

export const uploadsCalls = [uploadConfig, getAliyunOssSts, addAttachment] as const;
