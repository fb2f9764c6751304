/**
 * Release zips on POST /firmware (issue 14): every image entry checked as a single upload is, all stored or none,
 * the zip's notes file as the images' notes, and FIRMWARE_MAX_BYTES bounding the zip, each entry and their total.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFirmwareImage, buildReleaseZip, type BuildFirmwareImageOptions } from '@rackside/amp-sim';
import { FIRMWARE_PATHS as P, type FirmwareLibrary, type FirmwareUploadReply } from '@rackside/protocol';
import { Zip, ZipDeflate, ZipPassThrough, zipSync, type Zippable } from 'fflate';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, errorOf } from '../../test/factories';

const BOUNDARY = '----rackside-zip-boundary';

function multipart(filename: string, data: Uint8Array, notes?: string) {
  const chunks: Buffer[] = [];
  if (notes !== undefined)
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="notes"\r\n\r\n${notes}\r\n`));
  chunks.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/zip\r\n\r\n',
    ),
    Buffer.from(data),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(chunks);
}

const image = (opts: Partial<BuildFirmwareImageOptions> = {}) =>
  new Uint8Array(buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', payloadBytes: 4096, ...opts }));
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A zip as a browser or macOS writes it: sizes in data descriptors after each entry, folders as entries. */
function streamedZip(files: Record<string, Uint8Array | null>): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const [name, data] of Object.entries(files)) {
    const entry =
      data === null || name.endsWith('.enc') ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    entry.push(data ?? new Uint8Array(0), true);
  }
  zip.end();
  return Buffer.concat(parts);
}

/** Rewrites a field of an entry's central directory record (fflate writes no zip comment). */
function patchDirectory(zip: Uint8Array, entry: string, offset: number, value: number): Uint8Array {
  const buf = Buffer.from(zip);
  let p = buf.readUInt32LE(buf.length - 22 + 16);
  while (buf.readUInt32LE(p) === 0x02014b50) {
    const nameLength = buf.readUInt16LE(p + 28);
    if (buf.toString('utf8', p + 46, p + 46 + nameLength) === entry) {
      buf.writeUInt32LE(value, p + offset);
      return buf;
    }
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  throw new Error(`no entry ${entry}`);
}

describeEachDatabase('firmware library: release zips', (db) => {
  let t: TestApp;
  let dir: string;
  afterEach(async () => {
    await t.app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = async (config: Record<string, string> = {}) => {
    dir = await mkdtemp(join(tmpdir(), 'rackside-fw-zip-'));
    t = await buildTestApp(db(), { config: { FIRMWARE_DIR: dir, ...config } });
    return (await createSignedInUser(t.app, t.mailer)).token;
  };
  const upload = (token: string, filename: string, data: Uint8Array, notes?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api${P.images}`,
      payload: multipart(filename, data, notes),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${token}` },
    });
  const library = async (token: string) =>
    (await call(t.app, 'GET', P.images, undefined, token)).json<FirmwareLibrary>();
  const files = async () => {
    const images = await readdir(join(dir, 'images'), { recursive: true, withFileTypes: true });
    return { tmp: await readdir(join(dir, 'tmp')), images: images.filter((e) => e.isFile()).length };
  };

  it('stores every image of a release zip with the notes file inside as their notes, each family its latest', async () => {
    const token = await start();
    const notes = '# 1.6.0.0\n- Faster boot';
    const zip = buildReleaseZip({ version: '1.6.0.0', families: ['ASBT', 'DLS', 'SS'], notes, payloadBytes: 4096 });
    const res = await upload(token, 'release-1.6.0.0.zip', zip);
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json<FirmwareUploadReply>();
    // spec 3 §5 family order, whatever the zip's order
    expect(reply.images.map((i) => [i.family, i.version, i.name, i.latest, i.notes])).toEqual([
      ['DLS', '1.6.0.0', 'DLS-1.6.0.0.tar.xz.enc', true, notes],
      ['SS', '1.6.0.0', 'SS-1.6.0.0.tar.xz.enc', true, notes],
      ['ASBT', '1.6.0.0', 'ASBT-1.6.0.0.tar.xz.enc', true, notes],
    ]);
    expect(reply.image).toEqual(reply.images[0]);
    const asbt = buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', payloadBytes: 4096 });
    expect(reply.images[2]).toMatchObject({ size: asbt.length, sha256: sha256(asbt) });
    expect((await library(token)).families.map((f) => [f.family, f.latestVersion])).toEqual([
      ['DLS', '1.6.0.0'],
      ['SS', '1.6.0.0'],
      ['ASBT', '1.6.0.0'],
    ]);
    expect(await files()).toEqual({ tmp: [], images: 3 });

    // a notes field wins over the zip's notes; a newer version does not take the latest mark from 1.6.0.0
    const next = buildReleaseZip({
      version: '1.7.0.0',
      families: ['DLS'],
      notes,
      folder: 'out/1.7',
      payloadBytes: 512,
    });
    const second = await upload(token, 'next.ZIP', next, 'Form notes');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<FirmwareUploadReply>().images.map((i) => [i.version, i.latest, i.notes])).toEqual([
      ['1.7.0.0', false, 'Form notes'],
    ]);
    expect((await library(token)).families[0]?.latestVersion).toBe('1.6.0.0');
  });

  it('reads zips with folders, data descriptors and junk entries; a new family gets its highest version as latest', async () => {
    const token = await start();
    const bs = (version: string) => image({ prefix: 'BS', version });
    const zip = streamedZip({
      'release/': null,
      'release/bs/': null,
      'release/bs/BS-1.6.0.0.tar.xz.enc': bs('1.6.0.0'),
      'release/bs/old/BS-1.5.9.0.tar.xz.enc': bs('1.5.9.0'),
      'release/notes/release-notes.md': new TextEncoder().encode('Fixes hum'),
      'release/readme.txt': new TextEncoder().encode('not the notes: RELEASE_NOTES is preferred'),
      '__MACOSX/release/bs/._BS-1.6.0.0.tar.xz.enc': new Uint8Array([0, 5, 22, 7]),
      'release/.DS_Store': new Uint8Array(8),
      'release/checksums.sha256': new TextEncoder().encode('ignored'),
    });
    const res = await upload(token, 'bs.zip', zip);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<FirmwareUploadReply>().images.map((i) => [i.version, i.latest, i.notes])).toEqual([
      ['1.6.0.0', true, 'Fixes hum'],
      ['1.5.9.0', false, 'Fixes hum'],
    ]);
    expect(await files()).toEqual({ tmp: [], images: 2 });
  });

  it('refuses a zip with one bad entry, naming the entry, and stores none of it', async () => {
    const token = await start({ FIRMWARE_MAX_BYTES: String(64 * 1024) });
    const first = await upload(
      token,
      'a.zip',
      buildReleaseZip({ version: '1.6.0.0', families: ['ASBT'], payloadBytes: 4096 }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const before = await library(token);
    const good = { 'rel/DLS-1.8.0.0.tar.xz.enc': image({ prefix: 'DLS', version: '1.8.0.0' }) };
    const zipOf = (extra: Zippable) => zipSync({ ...good, ...extra });
    const bomb = zipSync({ 'ASBT-1.8.0.0.tar.xz.enc': new Uint8Array(10_000_000) });
    const cases: [string, string, Uint8Array, number, string, RegExp][] = [
      [
        'a corrupt image',
        'r.zip',
        zipOf({ 'rel/SS-1.8.0.0.tar.xz.enc': image({ prefix: 'SS', version: '1.8.0.0', corrupt: 'checksum' }) }),
        400,
        'FIRMWARE_CHECKSUM_MISMATCH',
        /"rel\/SS-1\.8\.0\.0\.tar\.xz\.enc"/,
      ],
      [
        'a truncated image',
        'r.zip',
        zipOf({ 'SS-1.8.0.0.tar.xz.enc': image({ prefix: 'SS', version: '1.8.0.0', corrupt: 'truncated' }) }),
        400,
        'FIRMWARE_TRUNCATED',
        /"SS-1\.8\.0\.0\.tar\.xz\.enc"/,
      ],
      [
        'an unknown family',
        'r.zip',
        zipOf({ 'x/XYZ-1.8.0.0.tar.xz.enc': image() }),
        400,
        'FIRMWARE_UNKNOWN_FAMILY',
        /x\/XYZ-1\.8\.0\.0/,
      ],
      [
        'an image named as another family',
        'r.zip',
        zipOf({ 'BS-1.8.0.0.tar.xz.enc': image({ version: '1.8.0.0' }) }),
        400,
        'FIRMWARE_NAME_MISMATCH',
        /"BS-1\.8\.0\.0\.tar\.xz\.enc".*named BS 1\.8\.0\.0 but the image is ASBT/,
      ],
      [
        'a version the library has',
        'r.zip',
        zipOf({ 'ASBT-1.6.0.0.tar.xz.enc': image() }),
        409,
        'FIRMWARE_VERSION_EXISTS',
        /"ASBT-1\.6\.0\.0\.tar\.xz\.enc".*has ASBT 1\.6\.0\.0 already/,
      ],
      [
        'one version twice',
        'r.zip',
        zipOf({ 'copy/DLS-1.8.0.0.tar.xz.enc': image({ prefix: 'DLS', version: '1.8.0.0' }) }),
        400,
        'FIRMWARE_ZIP_DUPLICATE',
        /rel\/DLS-1\.8\.0\.0\.tar\.xz\.enc.*copy\/DLS-1\.8\.0\.0\.tar\.xz\.enc/,
      ],
      [
        'notes only',
        'r.zip',
        zipSync({ 'RELEASE_NOTES.md': new TextEncoder().encode('# nothing') }),
        400,
        'FIRMWARE_ZIP_NO_IMAGE',
        /no firmware image/,
      ],
      ['an empty zip', 'r.zip', zipSync({}), 400, 'FIRMWARE_ZIP_NO_IMAGE', /no firmware image/],
      ['an image renamed .zip', 'DLS-1.8.0.0.zip', image(), 400, 'FIRMWARE_ZIP_INVALID', /not a usable zip/],
      [
        'a text renamed .zip',
        'r.zip',
        new TextEncoder().encode('hello'),
        400,
        'FIRMWARE_ZIP_INVALID',
        /not a usable zip/,
      ],
      ['a cut-off zip', 'r.zip', zipOf({}).subarray(0, -30), 400, 'FIRMWARE_ZIP_INVALID', /not a usable zip/],
      [
        'an unknown compression',
        'r.zip',
        patchDirectory(zipOf({}), 'rel/DLS-1.8.0.0.tar.xz.enc', 10, 14),
        400,
        'FIRMWARE_ZIP_INVALID',
        /unsupported compression/,
      ],
      [
        'notes longer than notes may be',
        'r.zip',
        zipOf({ 'RELEASE_NOTES.md': new TextEncoder().encode('x'.repeat(20_001)) }),
        400,
        'ValidationError',
        /"RELEASE_NOTES\.md".*20000 characters/,
      ],
      // FIRMWARE_MAX_BYTES (64 KiB here) bounds each entry, the entries' total and the zip itself
      ['a zip bomb', 'r.zip', bomb, 413, 'PayloadTooLarge', /"ASBT-1\.8\.0\.0\.tar\.xz\.enc".*larger than 65536/],
      [
        'a zip bomb that understates its size',
        'r.zip',
        patchDirectory(bomb, 'ASBT-1.8.0.0.tar.xz.enc', 24, 1000),
        400,
        'FIRMWARE_ZIP_INVALID',
        /longer than it says/,
      ],
      [
        'images larger than the limit together',
        'r.zip',
        buildReleaseZip({ version: '1.8.0.0', families: ['DLS', 'SS'], payloadBytes: 40_000 }),
        413,
        'PayloadTooLarge',
        /expand to more than 65536 bytes/,
      ],
      [
        'a zip above the limit',
        'r.zip',
        buildReleaseZip({ version: '1.8.0.0', families: ['DLS'], payloadBytes: 70_000, level: 0 }),
        413,
        'PayloadTooLarge',
        /zip is larger than 65536/,
      ],
    ];
    for (const [what, name, data, status, error, message] of cases) {
      const res = await upload(token, name, data);
      expect([res.statusCode, errorOf(res).error], `${what}: ${res.body}`).toEqual([status, error]);
      expect(errorOf(res).message, what).toMatch(message);
      expect(await files(), what).toEqual({ tmp: [], images: 1 });
    }
    expect(await library(token)).toEqual(before);
  });
});
