/** Types of scripts/s3-dev-server.mjs (s3rver on loopback for tests and the S3 mode). */
export declare const S3_DEV_CREDENTIALS: { accessKeyId: string; secretAccessKey: string };

export interface S3DevServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The portal's variables for this store (STORAGE_DRIVER=s3, S3_ENDPOINT, …). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export declare function startS3DevServer(options?: {
  port?: number;
  bucket?: string;
  directory?: string;
  /** Page origins allowed to PUT parts and read ETag. */
  origins?: string[];
  silent?: boolean;
}): Promise<S3DevServer>;
