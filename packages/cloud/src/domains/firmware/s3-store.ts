/**
 * The firmware library in an S3-compatible object store (FIRMWARE_S3_URL, ADR 0006): MinIO, Ceph, AWS S3, s3rver
 * in tests. Uploads still stream to the local tmp/ while they are checked (store.ts); an accepted one is put as
 * `images/{userId}/{imageId}` with path-style addressing, and downloads read it back by byte range. The bucket is
 * checked at start, and created when missing if the credentials may. The URL's credentials never reach a log line
 * or an error message: errors name the store by `where` (scheme, host, bucket) and the server's error code only.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ConfigError } from '../../config';
import { AppError } from '../../plugins/errors';
import {
  closeLocalFolder,
  FirmwareFileMissing,
  imageKey,
  openLocalFolder,
  tempPathIn,
  type FirmwareFile,
  type FirmwareStore,
  type FirmwareStoreConfig,
  type LocalFolder,
} from './store';

/** What FIRMWARE_S3_URL says: s3://ACCESS_KEY:SECRET@host:port/bucket?region=us-east-1 (s3s:// = https). */
export interface S3Location {
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The store as logs and errors name it: no credentials. */
  readonly where: string;
}

/** Parses FIRMWARE_S3_URL; a ConfigError (without the credentials) when it names no bucket. */
export function parseS3Url(value: string): S3Location {
  const url = new URL(value);
  const scheme = url.protocol === 's3s:' ? 'https' : 'http';
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  const where = `${url.protocol}//${url.host}/${bucket}`;
  if (bucket === '' || bucket.includes('/'))
    throw new ConfigError(
      `FIRMWARE_S3_URL (${where}): name one bucket as the path, e.g. s3://key:secret@host:9000/firmware`,
    );
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  return {
    endpoint: `${scheme}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') ?? 'us-east-1',
    // no credentials in the URL: the SDK's own chain (AWS_ACCESS_KEY_ID…, an instance role)
    credentials: accessKeyId === '' ? undefined : { accessKeyId, secretAccessKey },
    where,
  };
}

/** An S3 failure in a few words: the server's error code and HTTP status, never its request or our credentials. */
export function describeS3Error(error: unknown): string {
  const e = error as { name?: unknown; code?: unknown; $metadata?: { httpStatusCode?: number } };
  const code = typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'error';
  const status = e.$metadata?.httpStatusCode;
  return status === undefined ? code : `${code}, HTTP ${status}`;
}

const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** A store failure while serving a request: 503 with the store's name and the reason, nothing secret. */
const unavailable = (where: string, error: unknown) =>
  new AppError('ServiceUnavailable', `The firmware store ${where} failed (${describeS3Error(error)})`);

/** One image object opened for a download: nothing is fetched until read (GetObject with a Range). */
class S3File implements FirmwareFile {
  constructor(
    private readonly store: S3FirmwareStore,
    private readonly key: string,
  ) {}

  read(start: number, end: number): Promise<Readable> {
    return this.store.readObject(this.key, start, Math.max(start, end));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The library in an S3 bucket; temporary files on the local disk. */
export class S3FirmwareStore implements FirmwareStore {
  private constructor(
    private readonly client: S3Client,
    private readonly location: S3Location,
    private readonly folder: LocalFolder,
  ) {}

  /** Connects, makes sure the bucket exists (creating it when allowed) and clears the local tmp/; ConfigError if not. */
  static async open(config: FirmwareStoreConfig & { FIRMWARE_S3_URL: string }): Promise<S3FirmwareStore> {
    const location = parseS3Url(config.FIRMWARE_S3_URL);
    const client = s3Client(location);
    try {
      await ensureBucket(client, location);
      return new S3FirmwareStore(client, location, await openLocalFolder(config));
    } catch (error) {
      client.destroy();
      throw error;
    }
  }

  /** The store as logs name it. */
  get where(): string {
    return this.location.where;
  }

  tempPath(): string {
    return tempPathIn(this.folder);
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  async commit(tempPath: string, userId: string, imageId: string): Promise<void> {
    const { size } = await stat(tempPath);
    const body = createReadStream(tempPath);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.location.bucket,
          Key: imageKey(userId, imageId),
          Body: body,
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      );
    } catch (error) {
      throw unavailable(this.where, error);
    } finally {
      body.destroy();
    }
    await rm(tempPath, { force: true });
  }

  async remove(userId: string, imageId: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: imageKey(userId, imageId) }));
    } catch (error) {
      if (statusOf(error) !== 404) throw unavailable(this.where, error);
    }
  }

  open(userId: string, imageId: string): Promise<FirmwareFile> {
    return Promise.resolve(new S3File(this, imageKey(userId, imageId)));
  }

  /** The object's bytes start..end (inclusive) as a stream; FirmwareFileMissing when there is no such object. */
  async readObject(key: string, start: number, end: number): Promise<Readable> {
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({ Bucket: this.location.bucket, Key: key, Range: `bytes=${start}-${end}` }),
      );
      if (!(Body instanceof Readable)) throw new Error('the object store sent no body');
      return Body;
    } catch (error) {
      if (statusOf(error) === 404) throw new FirmwareFileMissing(`${key}: ${describeS3Error(error)}`);
      throw unavailable(this.where, error);
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
    await closeLocalFolder(this.folder);
  }
}

/** The client: path-style (MinIO, Ceph, s3rver), checksums only where the API requires them, a bounded connect. */
function s3Client(location: S3Location): S3Client {
  // a rollout wave downloads at once: more sockets than the SDK's default 50, kept alive
  const agent = { keepAlive: true, maxSockets: 256 };
  return new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    credentials: location.credentials,
    forcePathStyle: true,
    // the SDK's default CRC32 trailers (aws-chunked uploads) are not understood by every S3-compatible server
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    // the SDK's own lines (console by default) could carry request details; every failure reaches us as an error
    logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    requestHandler: {
      connectionTimeout: 5000,
      httpAgent: new HttpAgent(agent),
      httpsAgent: new HttpsAgent(agent),
    },
  });
}

/** Checks the bucket at start; a missing one is created if the credentials may, anything else is a ConfigError. */
async function ensureBucket(client: S3Client, { bucket, region, where }: S3Location): Promise<void> {
  const refused = (error: unknown, what: string) =>
    new ConfigError(`FIRMWARE_S3_URL (${where}): ${what} (${describeS3Error(error)})`);
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return;
  } catch (error) {
    const status = statusOf(error);
    if (status === 403) throw refused(error, 'the store refused the credentials, or they may not use this bucket');
    if (status === 301) throw refused(error, `the bucket is in another region than ${region} (set ?region=)`);
    if (status !== 404) throw refused(error, 'the object store cannot be reached');
  }
  try {
    await client.send(
      new CreateBucketCommand({
        Bucket: bucket,
        CreateBucketConfiguration: region === 'us-east-1' ? undefined : { LocationConstraint: region as never },
      }),
    );
  } catch (error) {
    const name = (error as { name?: unknown }).name;
    if (name === 'BucketAlreadyOwnedByYou') return; // another instance made it meanwhile
    throw refused(
      error,
      'the bucket does not exist and could not be created: create it, or allow these credentials to',
    );
  }
}
