import { randomUUID } from 'node:crypto';
import {
  DEVICE_PATHS as P,
  DeviceIdSchema,
  fillPath,
  getModel,
  type RegistrationTokenReply,
  type VenueDevices,
} from '@rackside/protocol';
import { decodeJwt } from 'jose';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/db';
import {
  call,
  createSignedInUser,
  createVenue,
  errorOf,
  registerDevice,
  registrationBody,
  registrationToken,
} from '../../test/factories';
import { insertImage } from '../firmware/firmware.repo';
import { brokerAuthenticator } from './shadow';

describeEachDatabase('device registration', (db) => {
  let t: TestApp;
  afterEach(() => t.app.close());

  const register = (body: unknown, remoteAddress = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: `/api${P.register}`, payload: body as object, remoteAddress });
  const devicesOf = async (token: string, venueId: string) =>
    (await call(t.app, 'GET', fillPath(P.venueDevices, { venueId }), undefined, token)).json<VenueDevices>().devices;

  it('issues a token; the amp registers with it into that venue and gets its own broker credentials', async () => {
    t = await buildTestApp(db(), { config: { MQTT_PUBLIC_URL: 'mqtts://broker.example.com:8883' } });
    const { token } = await createSignedInUser(t.app, t.mailer);
    const venueId = await createVenue(t.app, token);
    const issued = await call(t.app, 'POST', fillPath(P.registrationToken, { venueId }), undefined, token);
    expect(issued.statusCode).toBe(200);
    const { registrationToken: regToken, expiresAt } = issued.json<RegistrationTokenReply>();
    expect(regToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(3600_000);

    const res = await register(registrationBody(regToken));
    expect(res.statusCode).toBe(200);
    const reply = res.json<{ deviceId: string; mqtt: { url: string; username: string; password: string } }>();
    expect(DeviceIdSchema.safeParse(reply.deviceId).success).toBe(true);
    expect(reply.mqtt).toEqual({
      url: 'mqtts://broker.example.com:8883',
      username: reply.deviceId,
      password: reply.mqtt.password,
    });
    expect(reply.mqtt.password.length).toBeGreaterThanOrEqual(43);
    expect((await devicesOf(token, venueId)).map((d) => d.deviceId)).toEqual([reply.deviceId]);

    // The broker takes these credentials and nothing else (only a digest of the password is stored).
    const auth = brokerAuthenticator(db(), { username: 'rackside-cloud', password: 'service-secret' });
    expect(await auth(reply.deviceId, reply.mqtt.password)).toEqual({ kind: 'device', deviceId: reply.deviceId });
    expect(await auth(reply.deviceId, `${reply.mqtt.password}x`)).toBeNull();
    expect(await auth('rackside-cloud', 'service-secret')).toEqual({ kind: 'service' });
    expect(await auth('rackside-cloud', reply.mqtt.password)).toBeNull();
    expect(await auth('no/such+device', 'x')).toBeNull();
  });

  it('takes a token once (REGISTRATION_TOKEN_USED, 409) and each token for its own venue', async () => {
    t = await buildTestApp(db());
    const { token } = await createSignedInUser(t.app, t.mailer);
    const [hall, bar] = [await createVenue(t.app, token), await createVenue(t.app, token)];
    const regToken = await registrationToken(t.app, token, hall);
    const barToken = await registrationToken(t.app, token, bar);
    expect((await register(registrationBody(regToken))).statusCode).toBe(200);

    const again = await register(registrationBody(regToken, { mac: '00:1B:2C:00:00:99' }));
    expect([again.statusCode, errorOf(again).error]).toEqual([409, 'REGISTRATION_TOKEN_USED']);
    expect(errorOf(again).message).toMatch(/used/);
    expect(await devicesOf(token, hall)).toHaveLength(1);

    expect((await register(registrationBody(barToken))).statusCode).toBe(200);
    expect(await devicesOf(token, bar)).toHaveLength(1);
  });

  it('lets exactly one of two amps racing with the same token in', async () => {
    t = await buildTestApp(db());
    const { token } = await createSignedInUser(t.app, t.mailer);
    const venueId = await createVenue(t.app, token);
    const regToken = await registrationToken(t.app, token, venueId);
    const results = await Promise.all([1, 2, 3].map(() => register(registrationBody(regToken))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await devicesOf(token, venueId)).toHaveLength(1);
  });

  it('refuses an expired token (REGISTRATION_TOKEN_EXPIRED, 410) and an unknown one (REGISTRATION_TOKEN_INVALID, 401)', async () => {
    t = await buildTestApp(db(), { config: { REGISTRATION_TOKEN_TTL_S: '600' } });
    const { token } = await createSignedInUser(t.app, t.mailer);
    const venueId = await createVenue(t.app, token);
    const regToken = await registrationToken(t.app, token, venueId);
    const late = await registrationToken(t.app, token, venueId);
    t.clock.advanceSeconds(599);
    expect((await register(registrationBody(regToken))).statusCode).toBe(200);
    t.clock.advanceSeconds(1);
    const expired = await register(registrationBody(late));
    expect([expired.statusCode, errorOf(expired).error]).toEqual([410, 'REGISTRATION_TOKEN_EXPIRED']);
    const unknown = await register(registrationBody('A'.repeat(43)));
    expect([unknown.statusCode, errorOf(unknown).error]).toEqual([401, 'REGISTRATION_TOKEN_INVALID']);
    expect(await devicesOf(token, venueId)).toHaveLength(1);
  });

  it("gives no token for another user's venue, and a deleted venue's tokens die with it", async () => {
    t = await buildTestApp(db());
    const a = await createSignedInUser(t.app, t.mailer);
    const b = await createSignedInUser(t.app, t.mailer);
    const venueId = await createVenue(t.app, a.token);
    const res = await call(t.app, 'POST', fillPath(P.registrationToken, { venueId }), undefined, b.token);
    expect([res.statusCode, errorOf(res).error]).toEqual([404, 'NotFound']);
    expect((await call(t.app, 'POST', fillPath(P.registrationToken, { venueId }))).statusCode).toBe(401);

    const regToken = await registrationToken(t.app, a.token, venueId);
    await call(t.app, 'DELETE', `/venues/${venueId}`, undefined, a.token);
    expect(errorOf(await register(registrationBody(regToken))).error).toBe('REGISTRATION_TOKEN_INVALID');
  });

  it('limits registration attempts per address (429 TooManyRequests) and answers bad bodies with 400', async () => {
    t = await buildTestApp(db(), { config: { RATE_LIMIT_PER_ADDRESS: '3' } });
    for (let i = 0; i < 3; i++)
      expect((await register(registrationBody(`guess-${i}`), '10.9.9.9')).statusCode).toBe(401);
    const limited = await register(registrationBody('guess-4'), '10.9.9.9');
    expect([limited.statusCode, errorOf(limited).error]).toEqual([429, 'TooManyRequests']);
    expect((await register(registrationBody('guess-5'), '10.9.9.10')).statusCode).toBe(401);

    const bad: [unknown, string][] = [
      [{}, 'RequiredFieldsMissing'],
      [{ ...registrationBody('x'), registrationToken: '' }, 'RequiredFieldsMissing'],
      [{ ...registrationBody('x'), mac: 'x'.repeat(18) }, 'ValidationError'],
      [{ ...registrationBody('x'), serialNumber: 7 }, 'ValidationError'],
    ];
    for (const [body, error] of bad) {
      const res = await register(body, '10.9.9.11');
      expect([res.statusCode, errorOf(res).error], res.body).toEqual([400, error]);
    }
  });

  it('stores what the amp said about itself and reports its firmware against the latest in the library', async () => {
    t = await buildTestApp(db(), {});
    const { token, session } = await createSignedInUser(t.app, t.mailer);
    const userId = decodeJwt(session.idToken).sub ?? '';
    await insertImage(db(), {
      id: randomUUID(),
      userId,
      family: getModel(registrationBody('x').modelID).firmwareImagePrefix,
      version: '1.6.0.0',
      name: 'library-row.tar.xz.enc',
      size: 1,
      sha256: '0'.repeat(64),
      boards: false,
      factoryReset: false,
      latest: true,
      uploadedAt: t.clock.now(),
    });
    const venueId = await createVenue(t.app, token);
    const old = await registerDevice(t.app, token, venueId, { firmwareVersion: '1.5.0.0' });
    t.clock.advanceSeconds(1); // listed in registration order
    const current = await registerDevice(t.app, token, venueId, {
      firmwareVersion: '1.6.0.0',
      mac: '00:1B:2C:00:00:02',
    });
    expect(await devicesOf(token, venueId)).toEqual([
      {
        deviceId: old.deviceId,
        deviceSummary: {
          hasAvailableFirmwareUpdate: true,
          currentFirmwareVersion: '1.5.0.0',
          latestFirmwareVersion: '1.6.0.0',
        },
      },
      {
        deviceId: current.deviceId,
        deviceSummary: {
          hasAvailableFirmwareUpdate: false,
          currentFirmwareVersion: '1.6.0.0',
          latestFirmwareVersion: '1.6.0.0',
        },
      },
    ]);
  });
});
