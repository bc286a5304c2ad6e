import fs from 'node:fs';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from './storage-config';
import { contentDisposition, isStorageKey, type ByteSource, type DirectUploadStore } from './storage';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/** Attachments in an S3-compatible bucket (AWS, MinIO, OSS in S3 mode, s3rver in tests). */
export function s3Storage(config: S3Config): DirectUploadStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Presigned part URLs are PUT by browsers, which send no SDK checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const origin = config.endpoint
    ? new URL(config.endpoint).origin
    : `https://${config.forcePathStyle ? '' : `${Bucket}.`}s3.${config.region}.amazonaws.com`;
  const key = (k: string) => {
    if (!isStorageKey(k)) throw new Error(`not a storage key: ${k}`);
    return k;
  };

  return {
    name: 's3',
    storage: 2,
    region: config.region,
    bucket: Bucket,
    origin,
    async putFile(k, filePath, size, mime) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key(k),
          Body: fs.createReadStream(filePath),
          ContentLength: size,
          ContentType: mime,
        }),
      );
      await fs.promises.rm(filePath, { force: true });
    },
    async putBytes(k, bytes, mime) {
      await client.send(new PutObjectCommand({ Bucket, Key: key(k), Body: bytes, ContentType: mime }));
    },
    async replace(k, bytes, mime) {
      await client.send(new PutObjectCommand({ Bucket, Key: key(k), Body: bytes, ContentType: mime }));
    },
    async open(k): Promise<ByteSource | null> {
      let size: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key(k) }));
        size = Number(head.ContentLength ?? 0);
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') return null;
        throw err;
      }
      return {
        size,
        async read(start, length) {
          const end = Math.min(size, start + length) - 1;
          if (end < start) return Buffer.alloc(0);
          const res = await client.send(new GetObjectCommand({ Bucket, Key: k, Range: `bytes=${start}-${end}` }));
          const bytes = Buffer.from(await res.Body!.transformToByteArray());
          // A store that ignores Range answers the whole object: keep the asked window only.
          return res.ContentRange ? bytes : bytes.subarray(start, end + 1);
        },
        close: async () => {},
      };
    },
    async remove(k) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(k) }));
    },
    async createMultipart(k, mime) {
      const res = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key(k), ContentType: mime }));
      if (!res.UploadId) throw new Error('the store answered no UploadId');
      return res.UploadId;
    },
    presignPart(k, uploadId, partNumber, expiresIn) {
      return getSignedUrl(
        client,
        new UploadPartCommand({ Bucket, Key: key(k), UploadId: uploadId, PartNumber: partNumber }),
        {
          expiresIn,
        },
      );
    },
    async completeMultipart(k, uploadId, parts) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key(k),
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.partNumber - b.partNumber)
              .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
          },
        }),
      );
    },
    async abortMultipart(k, uploadId) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key(k), UploadId: uploadId }));
    },
    presignGet(k, opts) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key(k),
          ResponseContentDisposition: contentDisposition(opts.inline ? 'inline' : 'attachment', opts.fileName),
          ResponseContentType: opts.mime,
        }),
        { expiresIn: opts.expiresInSeconds },
      );
    },
  };
}
