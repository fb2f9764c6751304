/**
 * The firmware library end to end (issue 14): the cloud listening with the embedded broker and the real database,
 * an emulated amp registered through its cloud agent, an image built by the emulator's buildFirmwareImage uploaded
 * to the library, and the amp installing it from the download URL of its firmware job. A library row whose file is
 * of another family (as a misfiled release would be) fails on the amp with spec 3's HwNotSupportedInFw.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFirmwareImage, type Amp } from '@rackside/amp-sim';
import {
  DEVICE_PATHS,
  FIRMWARE_PATHS,
  fillPath,
  type FirmwareImageReply,
  type FirmwareJobsReply,
} from '@rackside/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentBrokerLogger } from '../../broker/index';
import { startMqtt, type MqttLink } from '../../mqtt';
import { buildTestApp, TestClock, testConfig, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue } from '../../test/factories';
import { startOnlineAmp, until, type OnlineAmp } from '../../test/online-amp';
import { listJobs } from '../devices/devices.repo';
import { insertImage } from './firmware.repo';

const SERVICE = { MQTT_SERVICE_USERNAME: 'rackside-cloud', MQTT_SERVICE_PASSWORD: 'fw-service-secret', MQTT_PORT: '0' };

describeEachDatabase('firmware library, end to end', (db) => {
  let t: TestApp;
  let mqtt: MqttLink;
  let online: OnlineAmp;
  let amp: Amp;
  let dir: string;
  let token: string;
  let deviceId: string;
  const downloads: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rackside-fw-e2e-'));
    const clock = new TestClock();
    mqtt = await startMqtt({ config: testConfig(SERVICE), db: db(), clock, log: silentBrokerLogger });
    t = await buildTestApp(db(), {
      config: { ...SERVICE, FIRMWARE_DIR: dir, MQTT_PUBLIC_URL: `mqtt://127.0.0.1:${new URL(mqtt.deviceUrl).port}` },
      clock,
      broker: mqtt.service,
      disconnectDevice: mqtt.disconnectDevice,
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ token } = await createSignedInUser(t.app, t.mailer));
    const hall = await createVenue(t.app, token, 'Hall');
    online = await startOnlineAmp(t.app, {
      token,
      venueId: hall,
      apiBase: `${base}/api`,
      // the amp reaches the cloud at the listening port; the job's URL names PUBLIC_URL (http://cloud.test)
      connector: {
        reconnectMs: 300,
        firmwareSpeed: 1000,
        fetch: (input, init) => {
          const url = input instanceof Request ? input.url : input.toString();
          downloads.push(url);
          return fetch(url.replace('http://cloud.test', base), init);
        },
      },
    });
    ({ amp, deviceId } = online);
  }, 20_000);

  afterAll(async () => {
    await online.stop();
    await t.app.close();
    await mqtt.close();
    await rm(dir, { recursive: true, force: true });
  });

  const jobOutcome = async (jobId: string) =>
    until(`job ${jobId} to end`, async () => {
      const row = (await listJobs(db(), deviceId)).find((j) => j.id === jobId);
      return row?.status === 'succeeded' || row?.status === 'failed' ? row : undefined;
    });
  const sendJob = async (version?: string) => {
    const res = await call(t.app, 'POST', fillPath(DEVICE_PATHS.deviceFirmware, { deviceId }), { version }, token);
    expect(res.statusCode, res.body).toBe(202);
    return res.json<FirmwareJobsReply>().jobs[0]?.jobId ?? '';
  };

  it('installs the latest library image of the amp family on the amp', async () => {
    const family = amp.model.firmwareImagePrefix;
    const bytes = buildFirmwareImage({ prefix: family, version: '1.9.0.3', boards: true, payloadBytes: 256 * 1024 });
    const boundary = 'e2e-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${family}-1.9.0.3.tar.xz.enc"\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api${FIRMWARE_PATHS.images}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json<FirmwareImageReply>().image.latest).toBe(true);

    const jobId = await sendJob();
    const row = await jobOutcome(jobId);
    expect([row.status, row.detail]).toEqual(['succeeded', 'FinishedFlash']);
    expect(amp.state.amp?.deviceInfo.firmwareVersion).toBe('1.9.0.3');
    expect(downloads.at(-1)).toMatch(/^http:\/\/cloud\.test\/api\/firmware\/[0-9a-f-]{36}\/download\?token=/);
  });

  it('fails on the amp with HwNotSupportedInFw when the image is of another family', async () => {
    const family = amp.model.firmwareImagePrefix;
    const other = family === 'DLS' ? 'SS' : 'DLS';
    const [userId = ''] = await readdir(join(dir, 'images')); // the folder of the first test's upload
    const imageId = randomUUID();
    const bytes = buildFirmwareImage({ prefix: other, version: '1.9.0.4', payloadBytes: 1024 });
    await writeFile(join(dir, 'images', userId, imageId), bytes);
    await insertImage(db(), {
      id: imageId,
      userId,
      family, // misfiled: the row says the amp's family, the file is another's
      version: '1.9.0.4',
      name: `${family}-1.9.0.4.tar.xz.enc`,
      size: bytes.length,
      sha256: '0'.repeat(64),
      boards: false,
      factoryReset: false,
      uploadedAt: new Date(),
    });
    const row = await jobOutcome(await sendJob('1.9.0.4'));
    expect([row.status, row.detail]).toEqual(['failed', 'HwNotSupportedInFw']);
    expect(amp.state.amp?.deviceInfo.firmwareVersion).toBe('1.9.0.3');
  });
});
