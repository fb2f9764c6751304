/**
 * The firmware library with FIRMWARE_S3_URL (ADR 0006), end to end through the HTTP routes against s3rver (an
 * S3-compatible server, in process): objects appear and disappear in the bucket with the library, downloads keep
 * their ranges, refusals store nothing, and a store that refuses or vanishes is a clear error, never a crash.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { buildFirmwareImage, buildReleaseZip, type BuildFirmwareImageOptions } from '@rackside/amp-sim';
import {
  DEVICE_PATHS,
  FIRMWARE_PATHS as P,
  fillPath,
  type FirmwareImage,
  type FirmwareLibrary,
  type FirmwareUploadReply,
} from '@rackside/protocol';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { buildTestApp, type TestApp } from '../../test/app';
import { FakeBroker } from '../../test/broker';
import { useTestDb } from '../../test/db';
import { call, createSignedInUser, createVenue, errorOf, registerDevice } from '../../test/factories';

const BOUNDARY = '----rackside-s3-test-boundary';
const KEY = 'S3RVER'; // s3rver's one account
const SECRET = 'S3RVER';

/** A multipart/form-data body holding one file. */
function multipart(filename: string, data: Buffer | Uint8Array) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n`;
  const payload = Buffer.concat([
    Buffer.from(`${head}Content-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

const image = (opts: Partial<BuildFirmwareImageOptions> = {}) =>
  buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', payloadBytes: 4096, ...opts });

/** An S3-compatible server in this process, on a free port, in a temporary folder. */
async function startS3() {
  const dir = await mkdtemp(join(tmpdir(), 'rackside-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: SECRET },
  });
  const close = async () => {
    client.destroy();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { port, client, close };
}

describe('firmware library in an S3 bucket', () => {
  const db = useTestDb();
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: TestApp | undefined;
  let dir: string;
  let broker: FakeBroker;
  let buckets = 0;
  let macs = 0;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3.close();
  });
  afterEach(async () => {
    await t?.app.close();
    t = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const s3Url = (bucket: string, port = s3.port, key = KEY, secret = SECRET) =>
    `s3://${key}:${secret}@127.0.0.1:${port}/${bucket}?region=us-east-1`;
  /** The app on a fresh bucket (not there yet: the store creates it) with its temporary files in `dir`. */
  const start = async (url = s3Url(`rackside-fw-${++buckets}`)) => {
    dir = await mkdtemp(join(tmpdir(), 'rackside-fw-s3-test-'));
    broker = new FakeBroker();
    t = await buildTestApp(db(), { config: { FIRMWARE_DIR: dir, FIRMWARE_S3_URL: url }, broker });
    const bucket = new URL(url).pathname.slice(1);
    return { ...(await createSignedInUser(t.app, t.mailer)), bucket, app: t.app };
  };
  const upload = (token: string, filename: string, data: Buffer | Uint8Array) => {
    const { payload, headers } = multipart(filename, data);
    if (t === undefined) throw new Error('no app');
    const auth = { authorization: `Bearer ${token}` };
    return t.app.inject({ method: 'POST', url: `/api${P.images}`, payload, headers: { ...headers, ...auth } });
  };
  const objects = async (bucket: string) => {
    const listed: ListObjectsV2CommandOutput = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
  };
  const objectBytes = async (bucket: string, key: string) => {
    const res = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from((await res.Body?.transformToByteArray()) ?? []);
  };
  /** What is left on the local disk: tmp/ must be empty, and no images/ (they live in the bucket). */
  const localFiles = async () => ({ tmp: await readdir(join(dir, 'tmp')), all: await readdir(dir) });
  /** The download URL of a firmware job for a 704D (family ASBT). */
  const jobUrl = async (token: string) => {
    if (t === undefined) throw new Error('no app');
    const venueId = await createVenue(t.app, token);
    const mac = `00:1B:2C:00:02:${String(10 + ++macs)}`;
    const { deviceId } = await registerDevice(t.app, token, venueId, { mac });
    const res = await call(t.app, 'POST', fillPath(DEVICE_PATHS.deviceFirmware, { deviceId }), {}, token);
    expect(res.statusCode, res.body).toBe(202);
    const job = broker.jobs.at(-1)?.job;
    if (job?.type !== 'firmware') throw new Error('no firmware job');
    return job.url.replace('http://cloud.test', '');
  };

  it('creates the bucket, keeps an accepted image as an object, serves it by range and deletes it', async () => {
    const { token, bucket, app } = await start();
    await expect(s3.client.send(new HeadBucketCommand({ Bucket: bucket }))).resolves.toBeDefined();
    const bytes = image();
    const res = await upload(token, 'ASBT-1.6.0.0.tar.xz.enc', bytes);
    expect(res.statusCode, res.body).toBe(201);
    const stored: FirmwareImage = res.json<FirmwareUploadReply>().image;
    const [key, ...more] = await objects(bucket);
    expect(more).toEqual([]);
    expect(key).toMatch(new RegExp(`^images/[^/]+/${stored.imageId}$`));
    expect((await objectBytes(bucket, key ?? '')).equals(bytes)).toBe(true);
    expect(await localFiles()).toEqual({ tmp: [], all: ['tmp'] });

    const library = (await call(app, 'GET', P.images, undefined, token)).json<FirmwareLibrary>();
    expect(library.families.map((f) => [f.family, f.latestVersion, f.images.map((i) => i.imageId)])).toEqual([
      ['ASBT', '1.6.0.0', [stored.imageId]],
    ]);

    const url = await jobUrl(token);
    const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      app.inject({ method, url, headers });
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      etag: `"${stored.sha256}"`,
    });
    const part = await get({ range: 'bytes=4-11' });
    expect([part.statusCode, part.headers['content-range']]).toEqual([206, `bytes 4-11/${bytes.length}`]);
    expect(part.rawPayload.equals(bytes.subarray(4, 12))).toBe(true);
    const tail = await get({ range: 'bytes=-32' });
    expect([tail.statusCode, tail.rawPayload.equals(bytes.subarray(-32))]).toEqual([206, true]);
    const beyond = await get({ range: `bytes=${bytes.length}-` });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, `bytes */${bytes.length}`]);
    const head = await get({}, 'HEAD');
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([
      200,
      String(bytes.length),
      0,
    ]);

    const removed = await call(app, 'DELETE', fillPath(P.image, { imageId: stored.imageId }), undefined, token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await objects(bucket)).toEqual([]);
    // the image row of the downloads above is still cached: the missing object answers NotFound all the same
    const gone = await get();
    expect([gone.statusCode, errorOf(gone).error]).toEqual([404, 'NotFound']);
    expect((await get({}, 'HEAD')).statusCode).toBe(404);
  });

  it('stores a release zip as one object per image, and a refused upload leaves nothing in the bucket', async () => {
    const { token, bucket } = await start();
    const broken = Buffer.from(image({ version: '1.7.0.0' }));
    broken[broken.length - 40] = (broken[broken.length - 40] ?? 0) ^ 0xff; // payload no longer matches its hash
    const refusals: [string, Buffer | Uint8Array, string][] = [
      ['ASBT-1.7.0.0.tar.xz.enc', broken, 'FIRMWARE_CHECKSUM_MISMATCH'],
      ['ASBT-1.8.0.0.tar.xz.enc', image({ version: '1.7.0.0' }), 'FIRMWARE_NAME_MISMATCH'],
      ['nonsense.bin', image(), 'FIRMWARE_NAME_INVALID'],
    ];
    for (const [name, data, error] of refusals) {
      const res = await upload(token, name, data);
      expect([res.statusCode, errorOf(res).error], name).toEqual([400, error]);
    }
    expect(await objects(bucket)).toEqual([]);
    expect((await localFiles()).tmp).toEqual([]);

    const zip = buildReleaseZip({ version: '1.6.0.0', families: ['ASBT', 'DLS'], payloadBytes: 1024 });
    const release = await upload(token, 'release-1.6.0.0.zip', zip);
    expect(release.statusCode, release.body).toBe(201);
    const ids = release.json<FirmwareUploadReply>().images.map((i) => i.imageId);
    expect((await objects(bucket)).map((k) => k.split('/')[2]).sort()).toEqual([...ids].sort());
    // the same release again: refused as a whole (the versions exist), nothing more in the bucket
    const again = await upload(token, 'release-1.6.0.0.zip', zip);
    expect([again.statusCode, errorOf(again).error]).toEqual([409, 'FIRMWARE_VERSION_EXISTS']);
    expect(await objects(bucket)).toHaveLength(2);
    expect((await localFiles()).tmp).toEqual([]);
  });

  it('refuses to start with bad credentials or an unreachable store, naming it without the secret', async () => {
    // s3rver checks the access key only (it does not verify SigV4 signatures): a wrong key stands for wrong credentials
    const [key, secret] = ['WRONGKEYDONOTPRINT', 'wrong-secret-do-not-print'];
    const attempts = [
      [s3Url('rackside-fw-creds', s3.port, key, secret), /refused the credentials/],
      [`s3://${key}:${secret}@127.0.0.1:${s3.port}`, /name one bucket/],
      [s3Url('rackside-fw-closed', 1, key, secret), /cannot be reached/],
    ] as const;
    for (const [url, reason] of attempts) {
      const failure = await start(url).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure, url).toBeInstanceOf(ConfigError);
      const message = (failure as Error).message;
      expect(message, url).toMatch(reason);
      expect(message, url).toMatch(/^FIRMWARE_S3_URL \(s3:\/\/127\.0\.0\.1:\d+\//);
      expect(message, url).not.toContain(secret);
      expect(message, url).not.toContain(key);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers 503 when the store goes away, and keeps serving everything else', async () => {
    const gone = await startS3();
    let closed = false;
    try {
      const { token, app } = await start(s3Url('rackside-fw-vanishing', gone.port));
      const stored = await upload(token, 'ASBT-1.6.0.0.tar.xz.enc', image());
      expect(stored.statusCode, stored.body).toBe(201);
      const url = await jobUrl(token);
      await gone.close();
      closed = true;

      const refused = await upload(token, 'ASBT-1.7.0.0.tar.xz.enc', image({ version: '1.7.0.0' }));
      expect([refused.statusCode, errorOf(refused).error]).toEqual([503, 'ServiceUnavailable']);
      expect(errorOf(refused).message).not.toContain(SECRET);
      const download = await app.inject({ method: 'GET', url });
      expect([download.statusCode, errorOf(download).error]).toEqual([503, 'ServiceUnavailable']);
      const library = (await call(app, 'GET', P.images, undefined, token)).json<FirmwareLibrary>();
      expect(library.families[0]?.images.map((i) => i.version)).toEqual(['1.6.0.0']);
      expect((await localFiles()).tmp).toEqual([]);
    } finally {
      if (!closed) await gone.close();
    }
  });
});
