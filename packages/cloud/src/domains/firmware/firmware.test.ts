import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFirmwareImage, type BuildFirmwareImageOptions } from '@rackside/amp-sim';
import {
  DEVICE_PATHS,
  FIRMWARE_PATHS as P,
  fillPath,
  getModel,
  type FirmwareImage,
  type FirmwareImageReply,
  type FirmwareLibrary,
} from '@rackside/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { redactQuery } from '../../app';
import { buildTestApp, type TestApp } from '../../test/app';
import { FakeBroker } from '../../test/broker';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, errorOf, registerDevice } from '../../test/factories';
import { parseRange } from './firmware.routes';

const BOUNDARY = '----rackside-test-boundary';

/** A multipart/form-data body of the given parts. */
function multipart(parts: readonly { name: string; filename?: string; data: Buffer | string }[]) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data) : p.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** An image container with any header (for headers buildFirmwareImage cannot make). */
function rawImage(header: object, payload = Buffer.alloc(16, 7)): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  const sha = (b: Buffer) => createHash('sha256').update(b).digest();
  return Buffer.concat([Buffer.from('RKFW'), length, json, sha(json), payload, sha(payload)]);
}

const image = (opts: Partial<BuildFirmwareImageOptions> = {}) =>
  buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', payloadBytes: 4096, ...opts });

describe('parseRange', () => {
  it('reads one byte range, a suffix, an open end; ignores what it does not understand', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
    expect(parseRange('bytes=9-3', 100)).toBeUndefined();
  });

  it('keeps download tokens out of the request log', () => {
    expect(redactQuery('/api/firmware/x/download?token=abc.def&a=1')).toBe(
      '/api/firmware/x/download?token=[redacted]&a=1',
    );
  });
});

describeEachDatabase('firmware library', (db) => {
  let t: TestApp;
  let dir: string;
  let broker: FakeBroker;
  afterEach(async () => {
    await t.app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = async (config: Record<string, string> = {}) => {
    dir = await mkdtemp(join(tmpdir(), 'rackside-fw-test-'));
    broker = new FakeBroker();
    t = await buildTestApp(db(), { config: { FIRMWARE_DIR: dir, ...config }, broker });
    return createSignedInUser(t.app, t.mailer);
  };
  const upload = (token: string, filename: string, data: Buffer | string, notes?: string) => {
    const parts = [{ name: 'file', filename, data }, ...(notes === undefined ? [] : [{ name: 'notes', data: notes }])];
    const { payload, headers } = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api${P.images}`,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  };
  const uploaded = async (token: string, filename: string, data: Buffer, notes?: string): Promise<FirmwareImage> => {
    const res = await upload(token, filename, data, notes);
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
    return res.json<FirmwareImageReply>().image;
  };
  const library = async (token: string) =>
    (await call(t.app, 'GET', P.images, undefined, token)).json<FirmwareLibrary>();
  const files = async () => {
    const images = await readdir(join(dir, 'images'), { recursive: true, withFileTypes: true });
    return { tmp: await readdir(join(dir, 'tmp')), images: images.filter((e) => e.isFile()).length };
  };
  /** The download URL a firmware job for a 704D (family ASBT) carries. */
  const jobUrl = async (token: string, version?: string) => {
    const venueId = await createVenue(t.app, token);
    const { deviceId } = await registerDevice(t.app, token, venueId, {
      mac: `00:1B:2C:00:01:${broker.jobs.length + 10}`,
    });
    const res = await call(t.app, 'POST', fillPath(DEVICE_PATHS.deviceFirmware, { deviceId }), { version }, token);
    expect(res.statusCode, res.body).toBe(202);
    const job = broker.jobs.at(-1)?.job;
    if (job?.type !== 'firmware') throw new Error('no firmware job');
    return job;
  };
  const download = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: url.replace('http://cloud.test', ''), headers });

  it('stores an image with its notes, lists it by family, and keeps exactly one latest per family', async () => {
    const { token } = await start();
    const bytes = image({ boards: true });
    const first = await uploaded(token, 'ASBT-1.6.0.0.tar.xz.enc', bytes, '# 1.6\n- faster *boot*');
    expect(first).toMatchObject({
      family: 'ASBT',
      version: '1.6.0.0',
      name: 'ASBT-1.6.0.0.tar.xz.enc',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      boards: true,
      factoryReset: false,
      notes: '# 1.6\n- faster *boot*',
      latest: true, // the first of its family
      uploadedAt: t.clock.now().toISOString(),
    });
    const second = await uploaded(token, 'ASBT-1-7-0-0-rc1.tar.xz.enc', image({ version: '1.7.0.0' }));
    const dls = await uploaded(token, 'DLS-2.0.0.1.tar.xz.enc', image({ prefix: 'DLS', version: '2.0.0.1' }));
    expect([second.latest, second.notes, dls.latest]).toEqual([false, null, true]);
    const listed = await library(token);
    expect(listed.families.map((f) => [f.family, f.latestVersion, f.images.map((i) => i.version)])).toEqual([
      ['DLS', '2.0.0.1', ['2.0.0.1']],
      ['ASBT', '1.6.0.0', ['1.7.0.0', '1.6.0.0']],
    ]);

    const marked = await call(t.app, 'PUT', fillPath(P.latest, { imageId: second.imageId }), undefined, token);
    expect([marked.statusCode, marked.json<FirmwareImageReply>().image.latest]).toEqual([200, true]);
    const again = await call(t.app, 'PUT', fillPath(P.latest, { imageId: second.imageId }), undefined, token);
    expect(again.statusCode).toBe(200);
    const asbt = (await library(token)).families.find((f) => f.family === 'ASBT');
    expect(asbt?.images.map((i) => [i.version, i.latest])).toEqual([
      ['1.7.0.0', true],
      ['1.6.0.0', false],
    ]);
    expect((await library(token)).families.find((f) => f.family === 'DLS')?.latestVersion).toBe('2.0.0.1');

    // Deleting the latest hands the mark to the highest remaining version; the file goes with the row.
    expect(await files()).toEqual({ tmp: [], images: 3 });
    const del = await call(t.app, 'DELETE', fillPath(P.image, { imageId: second.imageId }), undefined, token);
    expect([del.statusCode, del.json()]).toEqual([200, { ok: true }]);
    expect((await library(token)).families.find((f) => f.family === 'ASBT')?.latestVersion).toBe('1.6.0.0');
    expect(await files()).toEqual({ tmp: [], images: 2 });
    const gone = await call(t.app, 'DELETE', fillPath(P.image, { imageId: second.imageId }), undefined, token);
    expect([gone.statusCode, errorOf(gone).error]).toEqual([404, 'NotFound']);
  });

  it('refuses every bad upload with a clear error and stores nothing', async () => {
    const { token } = await start({ FIRMWARE_MAX_BYTES: String(64 * 1024) });
    await uploaded(token, 'ASBT-1.6.0.0.tar.xz.enc', image());
    const before = await library(token);
    const good = image({ version: '1.8.0.0' });
    const flipped = Buffer.from(good);
    flipped.writeUInt8(flipped.readUInt8(good.length - 100) ^ 0xff, good.length - 100); // inside the payload
    const header = { format: 1, prefix: 'ASBT', version: '1.8.0.0', boards: false, factoryReset: false };
    const cases: [string, string, Buffer | string, number, string][] = [
      ['a text file', 'notes.txt', 'hello', 400, 'FIRMWARE_NAME_INVALID'],
      ['an unknown family in the name', 'XYZ-1.8.0.0.tar.xz.enc', good, 400, 'FIRMWARE_UNKNOWN_FAMILY'],
      ['a version of two numbers in the name', 'ASBT-1.8.tar.xz.enc', good, 400, 'FIRMWARE_VERSION_INVALID'],
      ['no image at all', 'ASBT-1.8.0.0.tar.xz.enc', Buffer.alloc(5000, 1), 400, 'FIRMWARE_NOT_AN_IMAGE'],
      ['an empty file', 'ASBT-1.8.0.0.tar.xz.enc', Buffer.alloc(0), 400, 'FIRMWARE_TRUNCATED'],
      [
        'a truncated image',
        'ASBT-1.8.0.0.tar.xz.enc',
        image({ version: '1.8.0.0', corrupt: 'truncated' }),
        400,
        'FIRMWARE_TRUNCATED',
      ],
      ['a longer file', 'ASBT-1.8.0.0.tar.xz.enc', Buffer.concat([good, Buffer.alloc(3)]), 400, 'FIRMWARE_TRUNCATED'],
      [
        'a bad header checksum',
        'ASBT-1.8.0.0.tar.xz.enc',
        image({ version: '1.8.0.0', corrupt: 'checksum' }),
        400,
        'FIRMWARE_CHECKSUM_MISMATCH',
      ],
      ['an altered payload', 'ASBT-1.8.0.0.tar.xz.enc', flipped, 400, 'FIRMWARE_CHECKSUM_MISMATCH'],
      [
        'an unknown family inside',
        'ASBT-1.8.0.0.tar.xz.enc',
        rawImage({ ...header, prefix: 'XYZ', payloadLength: 16 }),
        400,
        'FIRMWARE_UNKNOWN_FAMILY',
      ],
      [
        'a bad version inside',
        'ASBT-1.8.0.0.tar.xz.enc',
        rawImage({ ...header, version: '1.8', payloadLength: 16 }),
        400,
        'FIRMWARE_VERSION_INVALID',
      ],
      ['a header without a field', 'ASBT-1.8.0.0.tar.xz.enc', rawImage(header), 400, 'FIRMWARE_NOT_AN_IMAGE'],
      ['another family than named', 'DLS-1.8.0.0.tar.xz.enc', good, 400, 'FIRMWARE_NAME_MISMATCH'],
      ['another version than named', 'ASBT-1.8.0.1.tar.xz.enc', good, 400, 'FIRMWARE_NAME_MISMATCH'],
      [
        'a file above the size limit',
        'ASBT-1.8.0.0.tar.xz.enc',
        image({ version: '1.8.0.0', payloadBytes: 100_000 }),
        413,
        'PayloadTooLarge',
      ],
      ['a version the library has', 'ASBT-1.6.0.0.tar.xz.enc', image(), 409, 'FIRMWARE_VERSION_EXISTS'],
    ];
    for (const [what, name, data, status, error] of cases) {
      const res = await upload(token, name, data);
      expect([res.statusCode, errorOf(res).error], `${what}: ${res.body}`).toEqual([status, error]);
      expect(await files(), what).toEqual({ tmp: [], images: 1 });
    }
    const longNotes = await upload(token, 'ASBT-1.8.0.0.tar.xz.enc', good, 'x'.repeat(20_001));
    expect([longNotes.statusCode, errorOf(longNotes).error]).toEqual([400, 'ValidationError']);
    // a multipart field is not JSON: the input guard's check is made on the notes too (PostgreSQL refuses NUL)
    const nulNotes = await upload(token, 'ASBT-1.8.0.0.tar.xz.enc', good, 'bad\u0000notes');
    expect([nulNotes.statusCode, errorOf(nulNotes).message]).toEqual([400, 'notes: contains a NUL character']);
    const json = await call(t.app, 'POST', P.images, { file: 'x' }, token);
    expect([json.statusCode, errorOf(json).error]).toEqual([415, 'UnsupportedMediaType']);
    const { payload, headers } = multipart([{ name: 'notes', data: 'no file' }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api${P.images}`,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect([noFile.statusCode, errorOf(noFile).error]).toEqual([400, 'FIRMWARE_FILE_MISSING']);
    expect(await library(token)).toEqual(before);
    expect(await files()).toEqual({ tmp: [], images: 1 });
  });

  it("answers 404 for another user's image on every route, and 401 without a session", async () => {
    const a = await start();
    const b = await createSignedInUser(t.app, t.mailer);
    const mine = await uploaded(a.token, 'ASBT-1.6.0.0.tar.xz.enc', image());
    // B's library is B's own: the same family and version is no duplicate there
    const theirs = await uploaded(b.token, 'ASBT-1.6.0.0.tar.xz.enc', image());
    expect(theirs.latest).toBe(true);
    for (const [method, path] of [
      ['PUT', fillPath(P.latest, { imageId: mine.imageId })],
      ['DELETE', fillPath(P.image, { imageId: mine.imageId })],
    ] as const) {
      const res = await call(t.app, method, path, undefined, b.token);
      expect([res.statusCode, errorOf(res).error], `${method} ${path}`).toEqual([404, 'NotFound']);
      expect((await call(t.app, method, path)).statusCode).toBe(401);
    }
    expect((await call(t.app, 'GET', P.images)).statusCode).toBe(401);
    expect((await upload('not-a-token', 'ASBT-1.6.0.0.tar.xz.enc', image())).statusCode).toBe(401);
    expect((await library(b.token)).families[0]?.images.map((i) => i.imageId)).toEqual([theirs.imageId]);
    expect((await library(a.token)).families[0]?.images.map((i) => i.imageId)).toEqual([mine.imageId]);
  });

  it('serves an image to amps with the expiring token of a firmware job, whole or by range', async () => {
    const { token } = await start({ FIRMWARE_DOWNLOAD_TTL_S: '600' });
    const bytes = image({ version: '1.6.0.0' });
    const stored = await uploaded(token, 'ASBT-1.6.0.0.tar.xz.enc', bytes);
    const other = await uploaded(token, 'ASBT-1.7.0.0.tar.xz.enc', image({ version: '1.7.0.0' }));
    expect(getModel('704D').firmwareImagePrefix).toBe('ASBT');
    const job = await jobUrl(token); // the latest: 1.6.0.0
    expect(job).toMatchObject({ version: '1.6.0.0', name: 'ASBT-1.6.0.0.tar.xz.enc' });
    expect(job.url).toMatch(new RegExp(`^http://cloud\\.test/api/firmware/${stored.imageId}/download\\?token=`));

    const whole = await download(job.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      etag: `"${stored.sha256}"`,
    });
    const part = await download(job.url, { range: 'bytes=4-11' });
    expect([part.statusCode, part.headers['content-range']]).toEqual([206, `bytes 4-11/${bytes.length}`]);
    expect(part.rawPayload.equals(bytes.subarray(4, 12))).toBe(true);
    const tail = await download(job.url, { range: 'bytes=-32' });
    expect([tail.statusCode, tail.rawPayload.equals(bytes.subarray(-32))]).toEqual([206, true]);
    const resume = await download(job.url, { range: `bytes=${bytes.length - 10}-` });
    expect(resume.rawPayload.equals(bytes.subarray(-10))).toBe(true);
    const beyond = await download(job.url, { range: `bytes=${bytes.length}-` });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, `bytes */${bytes.length}`]);

    // A job may ask for a version; the token opens that image only.
    const seven = await jobUrl(token, '1.7.0.0');
    expect(seven.url).toContain(other.imageId);
    const token7 = new URL(seven.url).searchParams.get('token') ?? '';
    const crossed = `/api${fillPath(P.download, { imageId: stored.imageId })}?token=${token7}`;
    const refusals: [string, LightMyRequestResponse, number, string][] = [
      ['no token', await download(`/api${fillPath(P.download, { imageId: stored.imageId })}`), 401, 'Unauthorized'],
      ['a bad token', await download(`${crossed.split('=')[0]}=garbage`), 401, 'Unauthorized'],
      ["another image's token", await download(crossed), 401, 'Unauthorized'],
      ['a bearer token', await download(`${crossed.split('=')[0]}=${token}`), 401, 'Unauthorized'],
    ];
    for (const [what, res, status, error] of refusals) {
      expect([res.statusCode, errorOf(res).error], what).toEqual([status, error]);
      expect(res.headers['content-type'], what).toMatch(/^application\/json/);
    }
    // A deleted image is gone (404 with a good token); an old token expires.
    await call(t.app, 'DELETE', fillPath(P.image, { imageId: other.imageId }), undefined, token);
    const deleted = await download(seven.url);
    expect([deleted.statusCode, errorOf(deleted).error]).toEqual([404, 'NotFound']);
    t.clock.advanceSeconds(601);
    const expired = await download(job.url);
    expect([expired.statusCode, errorOf(expired).message]).toEqual([401, 'The download link has expired']);
  });

  it('sends no job when the library has no image for the amp family or version', async () => {
    const { token } = await start();
    const venueId = await createVenue(t.app, token);
    const { deviceId } = await registerDevice(t.app, token, venueId);
    const none = await call(t.app, 'POST', fillPath(DEVICE_PATHS.deviceFirmware, { deviceId }), undefined, token);
    expect([none.statusCode, errorOf(none).error]).toEqual([409, 'FIRMWARE_NOT_IN_LIBRARY']);
    await uploaded(token, 'DLS-1.6.0.0.tar.xz.enc', image({ prefix: 'DLS' })); // another family
    const wrong = await call(t.app, 'POST', fillPath(DEVICE_PATHS.deviceFirmware, { deviceId }), {}, token);
    expect([wrong.statusCode, errorOf(wrong).error]).toEqual([409, 'FIRMWARE_NOT_IN_LIBRARY']);
    await uploaded(token, 'ASBT-1.6.0.0.tar.xz.enc', image());
    const version = await call(
      t.app,
      'POST',
      fillPath(DEVICE_PATHS.venueFirmware, { venueId }),
      { deviceIds: [deviceId], version: '1.9.0.0' },
      token,
    );
    expect([version.statusCode, errorOf(version).error]).toEqual([409, 'FIRMWARE_NOT_IN_LIBRARY']);
    expect(broker.jobs).toEqual([]);
  });
});
