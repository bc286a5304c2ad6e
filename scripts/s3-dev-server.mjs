#!/usr/bin/env node
// An S3-compatible store on loopback (s3rver) for tests and for running the portal in S3 mode:
//   node scripts/s3-dev-server.mjs            (port 4568, bucket portal-dev, data in ./data/s3rver)
//   S3_DEV_PORT=4600 S3_DEV_ORIGINS=http://127.0.0.1:3000 node scripts/s3-dev-server.mjs
// then start the portal with
//   STORAGE_DRIVER=s3 S3_ENDPOINT=http://127.0.0.1:4568 S3_REGION=us-east-1 S3_BUCKET=portal-dev \
//   S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER S3_FORCE_PATH_STYLE=true npm run dev
// The bucket's CORS rule lets the portal's pages PUT parts and read the ETag of each answer.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import S3rver from 's3rver';

/** s3rver's fixed credentials (it checks signatures made with them). */
export const S3_DEV_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

function corsXml(origins) {
  const rule = (origin) => `  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>600</MaxAgeSeconds>
  </CORSRule>`;
  return `<CORSConfiguration>\n${origins.map(rule).join('\n')}\n</CORSConfiguration>`;
}

/**
 * Starts s3rver on 127.0.0.1 with one bucket whose CORS rule allows `origins` to PUT and GET and
 * exposes ETag. Answers the endpoint, the bucket, the env variables of the portal's S3 mode, and close().
 */
export async function startS3DevServer({
  port = 0,
  bucket = 'portal-dev',
  directory = path.resolve('data/s3rver'),
  origins = ['http://127.0.0.1:3000', 'http://localhost:3000'],
  silent = true,
} = {}) {
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [corsXml(origins)] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3_DEV_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_DEV_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const origins = (process.env.S3_DEV_ORIGINS ?? 'http://127.0.0.1:3000,http://localhost:3000').split(',');
  const store = await startS3DevServer({
    port: Number(process.env.S3_DEV_PORT ?? 4568),
    bucket: process.env.S3_DEV_BUCKET ?? 'portal-dev',
    directory: process.env.S3_DEV_DIR ? path.resolve(process.env.S3_DEV_DIR) : undefined,
    origins,
    silent: false,
  });
  console.log(`s3rver at ${store.endpoint}, bucket ${store.bucket}, CORS for ${origins.join(' ')}`);
  console.log(
    Object.entries(store.env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
  );
  const stop = () => store.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
