/**
 * Rollouts end to end (issue 14): the cloud with the embedded broker and the real database, emulated amps registered
 * in two venues through their cloud agents, a library image, and rollouts driven by the runner: waves in order, the
 * versions changing on the amps, an amp passing audio, in a fault or offline skipped (passing audio or in a fault
 * updated all the same when forced), a failing canary stopping the rollout, pause/resume/cancel, and a new process
 * (a restart) picking a rollout up with no amp sent a second job.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFirmwareImage, startPhysics, type Amp, type Physics } from '@rackside/amp-sim';
import {
  FIRMWARE_PATHS,
  ROLLOUT_PATHS,
  fillPath,
  getModel,
  type DeviceJob,
  type FirmwareHistory,
  type FirmwareLibrary,
  type FirmwareUploadReply,
  type Rollout,
  type RolloutCandidates,
  type RolloutCreate,
} from '@rackside/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentBrokerLogger, type ServiceClient } from '../../broker/index';
import { startMqtt, type MqttLink } from '../../mqtt';
import { DeviceEvents } from '../../device-events';
import { buildTestApp, testConfig, type TestApp, type TestClock } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import { call, createSignedInUser, createVenue, errorOf } from '../../test/factories';
import { startOnlineAmp, until, type OnlineAmp } from '../../test/online-amp';
import { rollouts } from '../../db/schema/index';
import { listJobs } from '../devices/devices.repo';

const SERVICE = { MQTT_SERVICE_USERNAME: 'rackside-cloud', MQTT_SERVICE_PASSWORD: 'ro-service-secret', MQTT_PORT: '0' };
const FAMILY = getModel('704D').firmwareImagePrefix;
const NEW = '1.9.1.0';
/** A later library version, for the rollouts run once every online amp has NEW. */
const NEWER = '1.9.2.0';

describeEachDatabase('firmware rollouts, end to end', (db) => {
  let mqtt: MqttLink;
  let t: TestApp;
  let base = '';
  let token = '';
  let venues: string[] = [];
  const amps: OnlineAmp[] = [];
  /** Download failures to simulate, by amp serial number. */
  const failDownload = new Set<string>();
  /** The broker's device events (sensor snapshots) shared with the app, and real time (timeouts, waits). */
  const events = new DeviceEvents();
  let firmwareDir = '';
  const realClock = { now: () => new Date() } as TestClock;
  /** Firmware jobs the broker swallows (the cloud "crashed" between storing and publishing). */
  let swallow = false;

  const config = (extra: Record<string, string> = {}) => ({
    ...SERVICE,
    FIRMWARE_DIR: firmwareDir, // kept across the "restart", like DATA_DIR
    ROLLOUT_TICK_MS: '40',
    ROLLOUT_SENSOR_WAIT_MS: '3000',
    ROLLOUT_RECONNECT_GRACE_MS: '500',
    MQTT_PUBLIC_URL: `mqtt://127.0.0.1:${new URL(mqtt.deviceUrl).port}`,
    ...extra,
  });
  const broker = (): ServiceClient => ({
    ...mqtt.service,
    publishJob: async (deviceId: string, job: DeviceJob) => {
      if (swallow && job.type === 'firmware') return;
      await mqtt.service.publishJob(deviceId, job);
    },
  });
  const startApp = async () => {
    t = await buildTestApp(db(), {
      config: config(),
      broker: broker(),
      disconnectDevice: mqtt.disconnectDevice,
      deviceEvents: events,
      clock: realClock,
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  };

  /** Uploads a library image of FAMILY at `v` (the family's first image becomes its latest); its id. */
  const upload = async (v: string) => {
    const bytes = buildFirmwareImage({ prefix: FAMILY, version: v, boards: true, payloadBytes: 64 * 1024 });
    const boundary = 'rollout-boundary';
    const up = await t.app.inject({
      method: 'POST',
      url: `/api${FIRMWARE_PATHS.images}`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${FAMILY}-${v}.tar.xz.enc"\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    expect(up.statusCode, up.body).toBe(201);
    return up.json<FirmwareUploadReply>().image.imageId;
  };

  beforeAll(async () => {
    firmwareDir = await mkdtemp(join(tmpdir(), 'rackside-rollouts-'));
    mqtt = await startMqtt({
      config: testConfig(SERVICE),
      db: db(),
      clock: realClock,
      log: silentBrokerLogger,
      deviceEvents: events,
    });
    await startApp();
    ({ token } = await createSignedInUser(t.app, t.mailer));
    venues = [await createVenue(t.app, token, 'Arena'), await createVenue(t.app, token, 'Club')];
    for (const [index, venueId] of [venues[0], venues[0], venues[1], venues[1]].entries()) {
      amps.push(
        await startOnlineAmp(t.app, {
          token,
          venueId: venueId ?? '',
          apiBase: `${base}/api`,
          index,
          connector: {
            reconnectMs: 200,
            firmwareSpeed: 400,
            sensorIntervalMs: 100,
            fetch: async (input, init) => {
              const url = (input instanceof Request ? input.url : input.toString()).replace(/^http:\/\/[^/]+/, base);
              if (failDownload.has(String(amps[index]?.amp.identity.serialNumber))) throw new Error('network down');
              return fetch(url, init);
            },
          },
        }),
      );
    }
    await upload(NEW);
  }, 40_000);

  afterAll(async () => {
    await Promise.all(amps.map((a) => a.stop()));
    await t.app.close();
    await mqtt.close();
    await rm(firmwareDir, { recursive: true, force: true });
  });

  const version = (a: Amp) => a.state.amp?.deviceInfo.firmwareVersion;
  const start = async (body: RolloutCreate) => {
    const res = await call(t.app, 'POST', `${ROLLOUT_PATHS.rollouts}`, body, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Rollout>();
  };
  const get = async (id: string) => {
    const res = await call(t.app, 'GET', `${fillPath(ROLLOUT_PATHS.rollout, { rolloutId: id })}`, undefined, token);
    return res.json<Rollout>();
  };
  const act = (id: string, action: string) =>
    call(t.app, 'POST', `${fillPath(ROLLOUT_PATHS.action, { rolloutId: id, action })}`, undefined, token);
  const whenState = async (id: string, ...states: Rollout['state'][]) => {
    let last: Rollout | undefined;
    try {
      return await until(
        `rollout ${states.join('|')}`,
        async () => {
          last = await get(id);
          return states.includes(last.state) ? last : undefined;
        },
        20_000,
      );
    } catch (error) {
      throw new Error(`${String(error)}; last: ${JSON.stringify(last)}`, { cause: error });
    }
  };
  const firmwareJobs = async (deviceId: string) =>
    (await listJobs(db(), deviceId)).filter((j) => j.type === 'firmware').length;
  const ids = () => amps.map((a) => a.deviceId);

  describe('selection', () => {
    it('lists every venue with its amps, the library version and whether each can be updated', async () => {
      const res = await call(t.app, 'GET', `${ROLLOUT_PATHS.candidates}`, undefined, token);
      expect(res.statusCode).toBe(200);
      const c = res.json<RolloutCandidates>();
      expect(c.venues.map((v) => [v.name, v.amps.length])).toEqual([
        ['Arena', 2],
        ['Club', 2],
      ]);
      expect(c.latest[FAMILY]).toBe(NEW);
      const amp = c.venues[0]?.amps[0];
      expect(amp).toMatchObject({ family: FAMILY, latestVersion: NEW, eligible: true, updateAvailable: true });
      expect(amp?.connected).toBe(true);
      expect(c.activeRolloutId).toBeNull();
    });

    it("refuses another user's amps, an empty selection and a plan out of range, storing nothing", async () => {
      const other = await createSignedInUser(t.app, t.mailer);
      const res = await call(t.app, 'POST', `${ROLLOUT_PATHS.rollouts}`, { deviceIds: ids() }, other.token);
      expect([res.statusCode, errorOf(res).error]).toEqual([404, 'NotFound']);
      const empty = await call(t.app, 'POST', `${ROLLOUT_PATHS.rollouts}`, { deviceIds: [] }, token);
      expect(empty.statusCode).toBe(400);
      const plan = await call(t.app, 'POST', `${ROLLOUT_PATHS.rollouts}`, { deviceIds: ids(), percent: 101 }, token);
      expect(plan.statusCode).toBe(400);
      const list = await call(t.app, 'GET', `${ROLLOUT_PATHS.rollouts}`, undefined, token);
      expect(list.json<{ rollouts: unknown[] }>().rollouts).toEqual([]);
    });
  });

  describe('a rollout', () => {
    it('stops by itself when the canary fails, and updates no other amp; cancel ends it', async () => {
      failDownload.add(String(amps[0]?.amp.identity.serialNumber));
      const r = await start({ deviceIds: ids(), canary: 1, percent: 50, failureThresholdPercent: 10 });
      expect(r.targets.map((x) => x.wave)).toEqual([0, 1, 1, 2]);
      const stopped = await whenState(r.rolloutId, 'stopped');
      failDownload.clear();
      expect(stopped.stopReason).toMatch(/Wave 1: 1 of 1 failed \(100 %\), above the 10 % threshold/);
      expect(stopped.targets.map((x) => x.state)).toEqual(['failure', 'pending', 'pending', 'pending']);
      expect(stopped.targets[0]?.failedBy).toBe('DownloadFail');
      expect(amps.map((a) => version(a.amp))).not.toContain(NEW);
      // a stopped rollout holds the line: no second one until it is resumed or cancelled
      const again = await call(t.app, 'POST', `${ROLLOUT_PATHS.rollouts}`, { deviceIds: ids() }, token);
      expect([again.statusCode, errorOf(again).error]).toEqual([409, 'ROLLOUT_ACTIVE']);
      expect((await act(r.rolloutId, 'pause')).statusCode).toBe(409);
      // the image its pending amps still need cannot leave the library
      const library = (await call(t.app, 'GET', FIRMWARE_PATHS.images, undefined, token)).json<FirmwareLibrary>();
      const imageId = library.families[0]?.images[0]?.imageId ?? '';
      const del = await call(t.app, 'DELETE', fillPath(FIRMWARE_PATHS.image, { imageId }), undefined, token);
      expect([del.statusCode, errorOf(del).error]).toEqual([409, 'FIRMWARE_IN_USE']);
      const cancelled = (await act(r.rolloutId, 'cancel')).json<Rollout>();
      expect(cancelled.state).toBe('cancelled');
      expect(cancelled.targets.map((x) => x.state)).toEqual(['failure', 'cancelled', 'cancelled', 'cancelled']);
      expect(cancelled.events.map((e) => e.kind)).toEqual(
        expect.arrayContaining(['created', 'waveStarted', 'sent', 'failed', 'waveEnded', 'stopped', 'cancelled']),
      );
    }, 30_000);

    it('updates amps in waves, skipping one passing audio and one offline; pause holds the next wave', async () => {
      const [a0, a1, a2, a3] = amps as [OnlineAmp, OnlineAmp, OnlineAmp, OnlineAmp];
      a1.amp.apply({ amp: { channels: { '1': { output: { signalDetect: true } } } } }, 'amp');
      await a3.agent.stop(); // offline
      await until('amp 4 offline', async () => {
        const c = (await call(t.app, 'GET', `${ROLLOUT_PATHS.candidates}`, undefined, token)).json<RolloutCandidates>();
        return c.venues[1]?.amps.find((x) => x.deviceId === a3.deviceId)?.connected === false ? true : undefined;
      });
      const before = await Promise.all(amps.map((a) => firmwareJobs(a.deviceId)));
      const r = await start({ deviceIds: ids(), canary: 1, percent: 50 });
      // pause as soon as the canary is sent: the second wave must wait
      await until('canary sent', async () =>
        (await get(r.rolloutId)).targets[0]?.state !== 'pending' ? true : undefined,
      );
      expect((await act(r.rolloutId, 'pause')).json<Rollout>().state).toBe('paused');
      await until('canary done', async () =>
        (await get(r.rolloutId)).targets[0]?.state === 'success' ? true : undefined,
      );
      await new Promise((res) => setTimeout(res, 300));
      const paused = await get(r.rolloutId);
      expect(paused.state).toBe('paused');
      expect(paused.targets.slice(1).map((x) => x.state)).toEqual(['pending', 'pending', 'pending']);
      expect((await act(r.rolloutId, 'resume')).json<Rollout>().state).toBe('running');

      const done = await whenState(r.rolloutId, 'completed');
      expect(done.targets.map((x) => [x.state, x.skipReason])).toEqual([
        ['success', null],
        ['skipped', 'audio'],
        ['success', null],
        ['skipped', 'offline'],
      ]);
      // the boards' final statuses arrive with the amp's next shadow
      const boards = await until('the canary boards', async () => {
        const b = (await get(r.rolloutId)).targets[0];
        return b?.firmwareStatus === 'FinishedFlash' && b.boards.amp1 !== undefined ? b : undefined;
      });
      expect(boards.boards).toMatchObject({ ps: 'ok', amp1: 'ok' });
      expect([version(a0.amp), version(a1.amp), version(a2.amp)]).toEqual([NEW, a1.amp.identity.firmwareVersion, NEW]);
      const after = await Promise.all(amps.map((a) => firmwareJobs(a.deviceId)));
      expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 0, 1, 0]);
      expect(done.events.map((e) => e.kind)).toEqual(
        expect.arrayContaining(['paused', 'resumed', 'skipped', 'completed']),
      );

      const history = await call(
        t.app,
        'GET',
        `${fillPath(ROLLOUT_PATHS.deviceHistory, { deviceId: a0.deviceId })}`,
        undefined,
        token,
      );
      const entries = history.json<FirmwareHistory>().entries;
      expect(entries.slice(0, 2).map((e) => [e.state, e.toVersion])).toEqual([
        ['success', NEW],
        ['failure', NEW],
      ]);
    }, 40_000);

    it('is taken over by another cloud process once the dead one’s lease ran out: a job stored but never delivered goes out again, once', async () => {
      const a2 = amps[2] as OnlineAmp;
      const target = amps[1] as OnlineAmp; // still on the old version (it was skipped for audio)
      target.amp.apply({ amp: { channels: { '1': { output: { signalDetect: false } } } } }, 'amp');
      const jobsBefore = await firmwareJobs(target.deviceId);
      await until('amp 3 reporting its new version', async () => {
        const c = (await call(t.app, 'GET', `${ROLLOUT_PATHS.candidates}`, undefined, token)).json<RolloutCandidates>();
        return c.venues[1]?.amps.find((x) => x.deviceId === a2.deviceId)?.currentVersion === NEW ? true : undefined;
      });
      swallow = true; // the process "dies" between storing the job and publishing it
      const r = await start({ deviceIds: [target.deviceId, a2.deviceId], canary: 1, percent: 0 });
      await until('job stored', async () =>
        (await get(r.rolloutId)).targets[0]?.state === 'starting' ? true : undefined,
      );
      await t.app.close(); // the runner stops with its app, releasing its rollouts...
      // ...which a killed node does not do: its lease stays until it runs out (ROLLOUT_LEASE_S after its last tick)
      const leaseEnd = Date.now() + 1500;
      await db()
        .update(rollouts)
        .set({ runnerId: 'killed-node', runnerUntil: new Date(leaseEnd) })
        .where(eq(rollouts.id, r.rolloutId));
      swallow = false;
      await startApp(); // another process on the same database and broker
      const done = await whenState(r.rolloutId, 'completed');
      const recovered = done.events.filter((e) => e.kind === 'recovered');
      expect(recovered.length).toBeGreaterThan(0);
      // nothing moved it while the dead node's lease was live
      for (const e of recovered) expect(new Date(e.at).getTime()).toBeGreaterThanOrEqual(leaseEnd - 50);
      expect(done.targets.map((x) => [x.state, x.skipReason])).toEqual([
        ['success', null],
        ['skipped', 'upToDate'],
      ]);
      expect(version(target.amp)).toBe(NEW);
      expect((await firmwareJobs(target.deviceId)) - jobsBefore).toBe(1);
      expect(done.events.map((e) => e.kind)).toContain('recovered');
    }, 40_000);

    it('answers ROLLOUT_NOTHING_TO_UPDATE when every selected amp is up to date', async () => {
      const res = await call(t.app, 'POST', `${ROLLOUT_PATHS.rollouts}`, { deviceIds: [amps[0]?.deviceId] }, token);
      expect([res.statusCode, errorOf(res).error]).toEqual([400, 'ROLLOUT_NOTHING_TO_UPDATE']);
      expect(errorOf(res).message).toMatch(/upToDate/);
    });
  });

  describe('an amp in a fault', () => {
    // amps 1-3 are online on NEW (amp 4's agent was stopped above): a later version in the library gives them an update
    let faulted: Physics | undefined;

    beforeAll(async () => {
      const imageId = await upload(NEWER);
      const latest = await call(t.app, 'PUT', fillPath(FIRMWARE_PATHS.latest, { imageId }), undefined, token);
      expect(latest.statusCode, latest.body).toBe(200);
      // the amp-sim fault: the power supply fails; one tick of the physics publishes it
      faulted = startPhysics((amps[0] as OnlineAmp).amp, { manual: true });
      faulted.inject({ type: 'powerSupplyFail' });
      faulted.tick(1000);
      (amps[1] as OnlineAmp).amp.apply({ amp: { channels: { '1': { output: { signalDetect: true } } } } }, 'amp');
      await until('amp 1 in a fault in the cloud', async () => {
        const c = (await call(t.app, 'GET', `${ROLLOUT_PATHS.candidates}`, undefined, token)).json<RolloutCandidates>();
        const amp = c.venues[0]?.amps.find((x) => x.deviceId === amps[0]?.deviceId);
        return amp?.connected === true && amp.fault && amp.latestVersion === NEWER ? true : undefined;
      });
    }, 20_000);

    afterAll(() => faulted?.stop());

    it('is skipped (reason fault) and not updated, while a healthy amp beside it is', async () => {
      const [a0, a1, a2] = amps as [OnlineAmp, OnlineAmp, OnlineAmp];
      const before = await Promise.all([a0, a1, a2].map((a) => firmwareJobs(a.deviceId)));
      const r = await start({ deviceIds: [a0.deviceId, a1.deviceId, a2.deviceId], canary: 0, percent: 0 });
      expect(r.force).toBe(false);
      const done = await whenState(r.rolloutId, 'completed');
      expect(done.targets.map((x) => [x.state, x.skipReason])).toEqual([
        ['skipped', 'fault'],
        ['skipped', 'audio'],
        ['success', null],
      ]);
      expect(done.events).toContainEqual(
        expect.objectContaining({ kind: 'skipped', deviceId: a0.deviceId, detail: 'fault' }),
      );
      expect([version(a0.amp), version(a1.amp), version(a2.amp)]).toEqual([NEW, NEW, NEWER]);
      const after = await Promise.all([a0, a1, a2].map((a) => firmwareJobs(a.deviceId)));
      expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([0, 0, 1]);
    }, 30_000);

    it('with force, an amp in a fault and one passing audio get their update', async () => {
      const [a0, a1] = amps as [OnlineAmp, OnlineAmp];
      const c = (await call(t.app, 'GET', `${ROLLOUT_PATHS.candidates}`, undefined, token)).json<RolloutCandidates>();
      // still faulted and passing audio when the rollout starts
      expect(c.venues[0]?.amps.find((x) => x.deviceId === a0.deviceId)?.fault).toBe(true);
      expect(a1.amp.read('/amp/channels/1/output/signalDetect')).toBe(true);
      const before = await Promise.all([a0, a1].map((a) => firmwareJobs(a.deviceId)));
      const r = await start({ deviceIds: [a0.deviceId, a1.deviceId], canary: 0, percent: 0, force: true });
      expect(r.force).toBe(true);
      const done = await whenState(r.rolloutId, 'completed');
      expect(done.targets.map((x) => [x.state, x.skipReason])).toEqual([
        ['success', null],
        ['success', null],
      ]);
      expect(done.events.filter((e) => e.kind === 'skipped')).toEqual([]);
      expect([version(a0.amp), version(a1.amp)]).toEqual([NEWER, NEWER]);
      const after = await Promise.all([a0, a1].map((a) => firmwareJobs(a.deviceId)));
      expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1]);
    }, 30_000);
  });
});
