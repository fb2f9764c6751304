import { randomUUID } from 'node:crypto';
import {
  DEVICE_PATHS as P,
  FIRMWARE_PATHS,
  fillPath,
  getModel,
  type DeviceAttributesReply,
  type FirmwareJobsReply,
  type VenueDevices,
} from '@rackside/protocol';
import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { silentBrokerLogger } from '../../broker/index';
import { buildTestApp, type TestApp } from '../../test/app';
import { FakeBroker } from '../../test/broker';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, errorOf, registerDevice } from '../../test/factories';
import { devices as devicesTable } from '../../db/schema/index';
import { insertImage } from '../firmware/firmware.repo';
import { listJobs } from './devices.repo';
import { brokerAuthenticator, shadowIngestion } from './shadow';

describeEachDatabase('devices', (db) => {
  let t: TestApp;
  let broker: FakeBroker;
  afterEach(() => t.app.close());

  // one amp is one record (issue 16): each test's amps are its own, the database being the block's
  let serialNumber = '';
  const start = async (config: Record<string, string> = {}) => {
    serialNumber = `DT${randomUUID().slice(0, 8)}`;
    broker = new FakeBroker();
    t = await buildTestApp(db(), { config, broker, disconnectDevice: broker.disconnectDevice });
    const user = await createSignedInUser(t.app, t.mailer);
    const venueId = await createVenue(t.app, user.token);
    const device = await registerDevice(t.app, user.token, venueId, { serialNumber });
    return { ...user, venueId, device, deviceId: device.deviceId };
  };
  const attributes = async (token: string, venueId: string, body?: object) =>
    (await call(t.app, 'POST', fillPath(P.attributes, { venueId }), body, token)).json<DeviceAttributesReply>().devices;
  const listed = async (token: string, venueId: string) =>
    (await call(t.app, 'GET', fillPath(P.venueDevices, { venueId }), undefined, token))
      .json<VenueDevices>()
      .devices.map((d) => d.deviceId);

  it('answers the attributes from what the device published: connection, channels and the reported shadow', async () => {
    const { token, venueId, deviceId } = await start();
    expect(await attributes(token, venueId)).toEqual([
      {
        deviceId,
        deviceAttributes: { connected: false, numberOfChannels: 4, lastSeenAt: null },
        shadowAttributes: { reported: {}, updatedAt: null },
      },
    ]);

    const ingest = shadowIngestion(db(), t.clock, silentBrokerLogger);
    const reported = {
      amp: { deviceInfo: { deviceName: 'Stage Left', firmwareVersion: '1.6.0.0' } },
      network: { ethernet: { ip: '10.0.0.7' } },
      misc: { ipAddr: '10.0.0.7' },
      UAC: { key: '', roles: {} },
      logs: { faults: '', events: 'boot\n' },
      ts: 1,
    };
    await ingest.status(deviceId, { online: true, ts: 1 });
    t.clock.advanceSeconds(2);
    await ingest.reported(deviceId, reported);
    const [online] = await attributes(token, venueId);
    expect(online?.deviceAttributes).toEqual({
      connected: true,
      numberOfChannels: 4,
      lastSeenAt: '2026-01-15T10:00:00.000Z',
    });
    expect(online?.shadowAttributes).toEqual({ reported, updatedAt: t.clock.now().toISOString() });
    const [summary] = (
      await call(t.app, 'GET', fillPath(P.venueDevices, { venueId }), undefined, token)
    ).json<VenueDevices>().devices;
    expect(summary?.deviceSummary).toEqual({
      hasAvailableFirmwareUpdate: false,
      currentFirmwareVersion: '1.6.0.0',
      latestFirmwareVersion: '', // the library has no image of its family: nothing to offer
    });

    // The last will `{online: false}` marks it offline; the shadow stays.
    await ingest.status(deviceId, { online: false });
    const [offline] = await attributes(token, venueId);
    expect(offline?.deviceAttributes.connected).toBe(false);
    expect(offline?.shadowAttributes.reported).toEqual(reported);

    // Messages of one device are stored in the order they came; unknown devices change nothing.
    await Promise.all([
      ingest.status(deviceId, { online: true, ts: 2 }),
      ingest.status(deviceId, { online: false, ts: 3 }),
      ingest.status(deviceId, { online: true, ts: 4 }),
      ingest.status('not-registered', { online: true, ts: 4 }),
      ingest.reported('not-registered', { ts: 4 }),
    ]);
    expect((await attributes(token, venueId))[0]?.deviceAttributes.connected).toBe(true);
  });

  it('stores the reported states of many amps in batches: the newest of each, unknown ids dropped, in order', async () => {
    const { token, venueId, deviceId } = await start();
    const others: string[] = [];
    for (let i = 2; i <= 4; i++) {
      others.push(
        (await registerDevice(t.app, token, venueId, { mac: `00:1B:2C:00:00:0${i}`, serialNumber })).deviceId,
      );
    }
    const stored: [string, number][] = [];
    const unknown: unknown[] = [];
    const log = { ...silentBrokerLogger, info: (details: Record<string, unknown>) => void unknown.push(details) };
    const ingest = shadowIngestion(db(), t.clock, log, {
      onReportedStored: (id, reported) => void stored.push([id, reported.ts]),
    });
    // all in one turn of the event loop: one statement, one entry per device, the newest state of each
    const writes = [
      ingest.reported(deviceId, { ts: 1, misc: { ipAddr: '10.0.0.1' } }),
      ...others.map((id, i) => ingest.reported(id, { ts: 10 + i, misc: { ipAddr: `10.0.0.${10 + i}` } })),
      ingest.reported('not-registered', { ts: 5 }),
      ingest.reported(deviceId, { ts: 2, misc: { ipAddr: '10.0.0.2' } }),
    ];
    for (const write of writes) await write; // all started above, in one turn
    expect(unknown).toEqual([{ deviceId: 'not-registered', kind: 'reported' }]);
    expect(stored.sort()).toEqual([[deviceId, 2], ...others.map((id, i): [string, number] => [id, 10 + i])].sort());
    const reported = Object.fromEntries(
      (await attributes(token, venueId)).map((d) => [d.deviceId, d.shadowAttributes.reported.ts]),
    );
    expect(reported).toEqual({ [deviceId]: 2, [others[0]!]: 10, [others[1]!]: 11, [others[2]!]: 12 });

    // One state the database refuses (PostgreSQL's jsonb takes no \u0000) fails alone; the others of its batch go in.
    const refused = ingest.reported(deviceId, { ts: 3, misc: { ipAddr: 'nul \u0000' } });
    const fine = ingest.reported(others[0]!, { ts: 20 });
    await expect(refused).rejects.toThrow();
    await fine;
    const after = await attributes(token, venueId);
    expect(after.find((d) => d.deviceId === deviceId)?.shadowAttributes.reported.ts).toBe(2);
    expect(after.find((d) => d.deviceId === others[0])?.shadowAttributes.reported.ts).toBe(20);
  });

  it('stores a retained copy of a reported state only over an older one; a live state always', async () => {
    const { token, venueId, deviceId } = await start();
    const other = (await registerDevice(t.app, token, venueId, { mac: '00:1B:2C:00:00:09', serialNumber })).deviceId;
    const stored: [string, number][] = [];
    const unknown: unknown[] = [];
    const log = { ...silentBrokerLogger, info: (details: Record<string, unknown>) => void unknown.push(details) };
    const ingest = shadowIngestion(db(), t.clock, log, {
      onReportedStored: (id, reported) => void stored.push([id, reported.ts]),
    });
    const retained = { retained: true };
    const shown = async () =>
      Object.fromEntries(
        (await attributes(token, venueId)).map((d) => [d.deviceId, d.shadowAttributes.reported.ts ?? null]),
      );
    // nothing stored yet: a copy goes in (a node's start reads what amps left while no node listened)
    await ingest.reported(deviceId, { ts: 10 }, retained);
    expect(await shown()).toEqual({ [deviceId]: 10, [other]: null });
    // a newer live state, then the older copy a catch-up read meanwhile: the live state stays, and nobody is told
    await ingest.reported(deviceId, { ts: 20 }, { retained: false });
    await ingest.reported(deviceId, { ts: 10 }, retained);
    // the same copy again (two nodes catching up): stored once
    await Promise.all([ingest.reported(other, { ts: 5 }, retained), ingest.reported(other, { ts: 5 }, retained)]);
    await ingest.reported(other, { ts: 5 }, retained);
    expect(await shown()).toEqual({ [deviceId]: 20, [other]: 5 });
    expect(stored).toEqual([
      [deviceId, 10],
      [deviceId, 20],
      [other, 5],
    ]);
    // a newer copy (the live state was lost with a node that died): stored and told
    await ingest.reported(deviceId, { ts: 30 }, retained);
    // a live state is stored even when older (an amp whose clock went back), and wins over a copy in its batch
    await Promise.all([ingest.reported(other, { ts: 3 }), ingest.reported(other, { ts: 9 }, retained)]);
    expect(await shown()).toEqual({ [deviceId]: 30, [other]: 3 });
    expect(stored.slice(3)).toEqual([
      [deviceId, 30],
      [other, 3],
    ]);
    // a copy of an unknown device is dropped and said so
    await ingest.reported('not-registered', { ts: 1 }, retained);
    expect(unknown).toEqual([{ deviceId: 'not-registered', kind: 'reported' }]);
  });

  it('writes a live state that is the very state stored (same ts, same content) once', async () => {
    const { token, venueId, deviceId } = await start();
    const ingest = shadowIngestion(db(), t.clock, silentBrokerLogger);
    const updatedAt = async () => (await attributes(token, venueId))[0]!.shadowAttributes.updatedAt;
    const named = (ts: number, deviceName: string) => ({ ts, amp: { deviceInfo: { deviceName } } });
    // a catch-up stored the retained copy first; then the same state lands from a node that died with it in flight
    await ingest.reported(deviceId, named(40, 'A'), { retained: true });
    const first = await updatedAt();
    t.clock.advance(1000);
    await ingest.reported(deviceId, named(40, 'A'), { retained: false });
    expect(await updatedAt()).toBe(first);
    // the same time with other content, or the same content at another time, is a state of its own: written
    await ingest.reported(deviceId, named(40, 'B'), { retained: false });
    const second = await updatedAt();
    expect(second).not.toBe(first);
    t.clock.advance(1000);
    await ingest.reported(deviceId, named(41, 'B'), { retained: false });
    expect(await updatedAt()).not.toBe(second);
    expect((await attributes(token, venueId))[0]!.shadowAttributes.reported).toEqual(named(41, 'B'));
  });

  it('filters the attributes by device id', async () => {
    const { token, venueId, deviceId } = await start();
    const second = await registerDevice(t.app, token, venueId, { mac: '00:1B:2C:00:00:02', serialNumber });
    expect(await attributes(token, venueId)).toHaveLength(2);
    const only = await attributes(token, venueId, { deviceIds: [second.deviceId] });
    expect(only.map((d) => d.deviceId)).toEqual([second.deviceId]);
    expect(await attributes(token, venueId, { deviceIds: [] })).toEqual([]);
    expect((await attributes(token, venueId, { deviceIds: [deviceId, 'nope'] })).map((d) => d.deviceId)).toEqual([
      deviceId,
    ]);
  });

  it('relocates a device between the caller’s venues', async () => {
    const { token, venueId, deviceId } = await start();
    const bar = await createVenue(t.app, token);
    const res = await call(t.app, 'PUT', `${fillPath(P.relocate, { deviceId })}?venueId=${bar}`, undefined, token);
    expect(res.json()).toEqual({ deviceId, venueId: bar });
    expect([await listed(token, venueId), await listed(token, bar)]).toEqual([[], [deviceId]]);

    const missing = await call(t.app, 'PUT', fillPath(P.relocate, { deviceId }), undefined, token);
    expect([missing.statusCode, errorOf(missing).error]).toEqual([400, 'RequiredFieldsMissing']);
    const nowhere = `${fillPath(P.relocate, { deviceId })}?venueId=${randomUUID()}`;
    expect((await call(t.app, 'PUT', nowhere, undefined, token)).statusCode).toBe(404);
    expect(await listed(token, bar)).toEqual([deviceId]);
  });

  it('removes a device: credentials revoked, connection dropped, retained shadow cleared', async () => {
    const { token, venueId, deviceId, device } = await start();
    const auth = brokerAuthenticator(db(), { username: 'svc', password: 'svc' });
    expect(await auth(deviceId, device.mqtt.password)).not.toBeNull();

    const res = await call(t.app, 'DELETE', fillPath(P.device, { deviceId }), undefined, token);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    expect(await auth(deviceId, device.mqtt.password)).toBeNull();
    expect([broker.disconnected, broker.cleared]).toEqual([[deviceId], [deviceId]]);
    expect(await listed(token, venueId)).toEqual([]);
    const again = await call(t.app, 'DELETE', fillPath(P.device, { deviceId }), undefined, token);
    expect([again.statusCode, errorOf(again).error]).toEqual([404, 'NotFound']);
  });

  /** A firmware library row of the device owner's (the firmware domain's own tests upload real files). */
  const libraryImage = async (deviceId: string, version: string, latest: boolean) => {
    const [device] = await db().select().from(devicesTable).where(eq(devicesTable.id, deviceId));
    const id = randomUUID();
    await insertImage(db(), {
      id,
      userId: device?.userId ?? '',
      family: getModel('704D').firmwareImagePrefix,
      version,
      name: `ASBT-${version}.tar.xz.enc`,
      size: 1,
      sha256: '0'.repeat(64),
      boards: false,
      factoryReset: false,
      latest,
      uploadedAt: t.clock.now(),
    });
    return id;
  };

  it("offers each amp the latest image of its family in the caller's library, else nothing", async () => {
    const { token, venueId, deviceId } = await start({ LATEST_FIRMWARE_VERSION: '1.6.0.0' }); // the demo's, not offered
    const small = await registerDevice(t.app, token, venueId, {
      mac: '00:1B:2C:00:00:02',
      serialNumber,
      modelID: getModel('124D').modelID,
      firmwareVersion: '1.5.0.0',
    });
    const summaries = async (as = token) =>
      new Map(
        (await call(t.app, 'GET', fillPath(P.venueDevices, { venueId }), undefined, as))
          .json<VenueDevices>()
          .devices.map((d) => [d.deviceId, d.deviceSummary]),
      );
    const configured = {
      hasAvailableFirmwareUpdate: false,
      currentFirmwareVersion: '1.5.0.0',
      latestFirmwareVersion: '',
    };
    expect(await summaries()).toEqual(
      new Map([
        [deviceId, configured],
        [small.deviceId, configured],
      ]),
    );

    // the 704D's family (ASBT) gets library images: the one marked latest counts, not the highest
    await libraryImage(deviceId, '1.4.0.0', true);
    const newer = await libraryImage(deviceId, '1.9.0.0', false);
    let listed = await summaries();
    expect(listed.get(deviceId)).toEqual({
      hasAvailableFirmwareUpdate: false,
      currentFirmwareVersion: '1.5.0.0',
      latestFirmwareVersion: '1.4.0.0',
    });
    // the 124D's family (DLS) has no image: nothing to offer
    expect(listed.get(small.deviceId)).toEqual(configured);

    const marked = await call(t.app, 'PUT', fillPath(FIRMWARE_PATHS.latest, { imageId: newer }), undefined, token);
    expect(marked.statusCode).toBe(200);
    listed = await summaries();
    expect(listed.get(deviceId)).toEqual({
      hasAvailableFirmwareUpdate: true,
      currentFirmwareVersion: '1.5.0.0',
      latestFirmwareVersion: '1.9.0.0',
    });
  });

  it('sends firmware jobs with a download URL of the library image to the amps and follows their status reports', async () => {
    const { token, venueId, deviceId } = await start({ FIRMWARE_BASE_URL: 'https://fw.example.com/images/' });
    const second = await registerDevice(t.app, token, venueId, { mac: '00:1B:2C:00:00:02', serialNumber });
    const imageId = await libraryImage(deviceId, '1.6.0.0', true);
    await libraryImage(deviceId, '1.7.0.1', false);
    const res = await call(
      t.app,
      'POST',
      fillPath(P.venueFirmware, { venueId }),
      { deviceIds: [deviceId, second.deviceId] },
      token,
    );
    expect(res.statusCode).toBe(202);
    const { jobs } = res.json<FirmwareJobsReply>();
    const prefix = getModel('704D').firmwareImagePrefix; // spec 3 §5: the image name starts with the model's prefix
    expect(jobs.map((j) => [j.deviceId, j.version])).toEqual([
      [deviceId, '1.6.0.0'],
      [second.deviceId, '1.6.0.0'],
    ]);
    const [first] = broker.jobs;
    const url = first?.job.type === 'firmware' ? first.job.url : '';
    expect(url).toMatch(new RegExp(`^https://fw\\.example\\.com/images/${imageId}/download\\?token=[\\w.-]+$`));
    expect(first).toEqual({
      deviceId,
      job: {
        jobId: jobs[0]?.jobId,
        type: 'firmware',
        url,
        version: '1.6.0.0',
        name: `${prefix}-1.6.0.0.tar.xz.enc`,
      },
    });

    const one = await call(t.app, 'POST', fillPath(P.deviceFirmware, { deviceId }), { version: '1.7.0.1' }, token);
    expect([one.statusCode, one.json<FirmwareJobsReply>().jobs[0]?.version]).toEqual([202, '1.7.0.1']);
    const bare = await call(t.app, 'POST', fillPath(P.deviceFirmware, { deviceId }), undefined, token);
    expect(bare.statusCode).toBe(202);

    const ingest = shadowIngestion(db(), t.clock, silentBrokerLogger);
    const jobId = jobs[0]?.jobId ?? '';
    await ingest.jobStatus(deviceId, { jobId, status: 'accepted' });
    await ingest.jobStatus(deviceId, { jobId, status: 'failed', detail: 'DownloadFail' });
    await ingest.jobStatus(second.deviceId, { jobId, status: 'succeeded' }); // not that device's job
    const rows = await listJobs(db(), deviceId);
    expect(rows.map((r) => [r.id === jobId ? 'venue job' : 'device job', r.status, r.detail]).sort()).toEqual([
      ['device job', 'sent', null],
      ['device job', 'sent', null],
      ['venue job', 'failed', 'DownloadFail'],
    ]);
    expect((await listJobs(db(), second.deviceId)).map((r) => r.status)).toEqual(['sent']);
  });

  it('refuses firmware requests it cannot honour', async () => {
    const { token, venueId, deviceId } = await start();
    const venueFw = (body: unknown) => call(t.app, 'POST', fillPath(P.venueFirmware, { venueId }), body, token);
    const cases: [unknown, number, string][] = [
      [{ deviceIds: [] }, 400, 'ValidationError'],
      [{ deviceIds: [deviceId], version: '1.6' }, 400, 'ValidationError'],
      [{ deviceIds: [deviceId, 'someone-else'] }, 404, 'NotFound'],
      [{}, 400, 'RequiredFieldsMissing'],
    ];
    for (const [body, status, error] of cases) {
      const res = await venueFw(body);
      expect([res.statusCode, errorOf(res).error], res.body).toEqual([status, error]);
    }
    await libraryImage(deviceId, '1.6.0.0', true);
    broker.failWith = new Error('broker down');
    const down = await venueFw({ deviceIds: [deviceId] });
    expect([down.statusCode, errorOf(down).error]).toEqual([503, 'ServiceUnavailable']);
    expect((await listJobs(db(), deviceId)).map((r) => r.status)).toEqual(['failed']);
    await t.app.close();

    t = await buildTestApp(db()); // no broker at all
    const noBroker = await call(t.app, 'POST', fillPath(P.deviceFirmware, { deviceId }), undefined, token);
    expect([noBroker.statusCode, errorOf(noBroker).error]).toEqual([503, 'ServiceUnavailable']);
    expect(broker.jobs).toEqual([]);
  });

  it("answers 404 on every device route for another user's venue or device, and changes nothing", async () => {
    const a = await start();
    const b = await createSignedInUser(t.app, t.mailer);
    const bVenue = await createVenue(t.app, b.token);
    const { venueId, deviceId } = a;
    const routes: [string, string, unknown][] = [
      ['GET', fillPath(P.venueDevices, { venueId }), undefined],
      ['POST', fillPath(P.attributes, { venueId }), {}],
      ['POST', fillPath(P.registrationToken, { venueId }), undefined],
      ['POST', fillPath(P.venueFirmware, { venueId }), { deviceIds: [deviceId] }],
      ['POST', fillPath(P.venueFirmware, { venueId: bVenue }), { deviceIds: [deviceId] }],
      ['POST', fillPath(P.deviceFirmware, { deviceId }), {}],
      ['PUT', `${fillPath(P.relocate, { deviceId })}?venueId=${bVenue}`, undefined],
      ['DELETE', fillPath(P.device, { deviceId }), undefined],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(t.app, method as 'GET', path, body, b.token);
      expect([res.statusCode, errorOf(res).error], `${method} ${path}`).toEqual([404, 'NotFound']);
      expect((await call(t.app, method as 'GET', path, body)).statusCode, `${method} ${path} anonymous`).toBe(401);
    }
    // A's device may not be moved into B's venue by A either.
    const intoB = `${fillPath(P.relocate, { deviceId })}?venueId=${bVenue}`;
    expect((await call(t.app, 'PUT', intoB, undefined, a.token)).statusCode).toBe(404);

    expect(await listed(a.token, venueId)).toEqual([deviceId]);
    expect(await listed(b.token, bVenue)).toEqual([]);
    expect([broker.jobs, broker.disconnected, broker.cleared]).toEqual([[], [], []]);
  });
});
