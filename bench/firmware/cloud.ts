/**
 * The cloud under test for the firmware download bench (issue 14): the service as `npm run cloud` starts it
 * (startCloudService: embedded Aedes broker, PGlite in a temp data folder, migrated copy from
 * `@rackside/cloud/testing`), a signed-in user with a venue of registered 704Ds, one image of the 704D's family
 * uploaded through the real POST /firmware (multipart over HTTP), and one firmware job per amp sent through
 * POST /venues/{id}/devices/firmware: each job's URL, with its own expiring token, is what that amp downloads.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFirmwareImage } from '@rackside/amp-sim';
import { isOutbox, loadConfig, silentBrokerLogger, startCloudService, type CloudService } from '@rackside/cloud';
import { call, createSignedInUser, createVenue, migratedPgliteFolder, registerDevice } from '@rackside/cloud/testing';
import {
  DEVICE_PATHS,
  FIRMWARE_FILE_FIELD,
  FIRMWARE_PATHS,
  fillPath,
  firmwareFileName,
  getModel,
  type FirmwareImageReply,
  type FirmwareJobsReply,
} from '@rackside/protocol';

/** The amps' model: its family names the image. */
const MODEL = getModel('704D');
/** The version the bench uploads (the amps register with 1.6.0.0). */
const VERSION = '1.9.0.0';

/** The cloud with its library image and one download URL per amp. */
export interface FirmwareCloud {
  readonly service: CloudService;
  /** http://{host}:{port}: where the cloud listens (the jobs' URLs name PUBLIC_URL; see `urls`). */
  readonly origin: string;
  /** The image in the library: its file in the store, size and sha256 as the upload reply gave them. */
  readonly imagePath: string;
  readonly size: number;
  readonly sha256: string;
  /** The firmware jobs' URLs, rewritten to `origin`, one per amp (each its own token). */
  readonly urls: readonly string[];
  /** Upload through POST /firmware, ms (multipart over HTTP, the image checked while it streams). */
  readonly uploadMs: number;
  close(): Promise<void>;
}

export interface FirmwareCloudOptions {
  /** The address the cloud listens on (port chosen by the system). */
  readonly host: string;
  /** Amps registered and sent a firmware job: as many download URLs. */
  readonly amps: number;
  /** Payload bytes of the image (buildFirmwareImage adds ~200 B of header and hashes). */
  readonly payloadBytes: number;
}

const macOf = (n: number): string => {
  const hex = n.toString(16).padStart(6, '0');
  return `02:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
};

/** Starts the cloud and makes the library image and the amps' jobs. */
export async function startFirmwareCloud(opts: FirmwareCloudOptions): Promise<FirmwareCloud> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rackside-bench-firmware-'));
  let service: CloudService | undefined;
  const close = async () => {
    await service?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      HOST: opts.host,
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:8090',
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      RATE_LIMIT_PER_ACCOUNT: '1000000',
      RATE_LIMIT_PER_ADDRESS: '1000000',
    });
    cpSync(await migratedPgliteFolder(), join(dataDir, 'pglite'), { recursive: true });
    service = await startCloudService(config, { brokerLog: silentBrokerLogger, mailLog: () => undefined });
    const { app, mailer } = service;
    if (!isOutbox(mailer)) throw new Error('the bench cloud mails through the outbox (no SMTP_URL)');
    const { port } = app.server.address() as AddressInfo;
    const origin = `http://${opts.host}:${port}`;
    const { token } = await createSignedInUser(app, mailer);
    const venueId = await createVenue(app, token, 'Firmware bench');

    // the upload: the real route over HTTP, as the console sends it (multipart, field "file")
    const family = MODEL.firmwareImagePrefix;
    const bytes = buildFirmwareImage({
      prefix: family,
      version: VERSION,
      boards: true,
      payloadBytes: opts.payloadBytes,
    });
    const form = new FormData();
    form.append(FIRMWARE_FILE_FIELD, new Blob([new Uint8Array(bytes)]), firmwareFileName(family, VERSION));
    const t0 = performance.now();
    const up = await fetch(`${origin}/api${FIRMWARE_PATHS.images}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    const uploadMs = performance.now() - t0;
    if (up.status !== 201) throw new Error(`upload refused (${up.status}): ${await up.text()}`);
    const { image } = (await up.json()) as FirmwareImageReply;
    if (image.size !== bytes.length || image.sha256 !== createHash('sha256').update(bytes).digest('hex'))
      throw new Error(`the library image is not the uploaded one (${image.size} B, sha256 ${image.sha256})`);

    // the amps, registered as an amp registers (a token from the user, then the amp's own call), eight at a time
    const deviceIds: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < opts.amps) {
        const n = ++next;
        const reply = await registerDevice(app, token, venueId, {
          mac: macOf(n),
          serialNumber: `FWBENCH${String(n).padStart(6, '0')}`,
          modelID: MODEL.modelID,
          firmwareVersion: '1.6.0.0',
          deviceName: `Bench amp ${n}`,
        });
        deviceIds.push(reply.deviceId);
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, opts.amps) }, worker));

    // one firmware job per amp, as the console's update sends them; each job row holds the URL published to its amp
    const res = await call(app, 'POST', fillPath(DEVICE_PATHS.venueFirmware, { venueId }), { deviceIds }, token);
    if (res.statusCode !== 202) throw new Error(`firmware jobs refused (${res.statusCode}): ${res.body}`);
    const jobIds = new Set(res.json<FirmwareJobsReply>().jobs.map((j) => j.jobId));
    const rows = await service.database.db.query.deviceJobs.findMany();
    const urls = rows
      .filter((r) => jobIds.has(r.id))
      .map((r) => {
        const url = new URL((r.payload as { url: string }).url);
        return `${origin}${url.pathname}${url.search}`;
      });
    if (urls.length !== opts.amps) throw new Error(`${urls.length} job URLs for ${opts.amps} amps`);

    const imagePath = join(dataDir, 'firmware', 'images', userIdOf(token), image.imageId);
    if (!existsSync(imagePath)) throw new Error(`the image is not where the store keeps it (${imagePath})`);
    return { service, origin, imagePath, size: image.size, sha256: image.sha256, urls, uploadMs, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The user id (`sub`) of an id token. */
const userIdOf = (idToken: string): string =>
  (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;
