import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Amp } from '../amp';
import type { Physics } from '../sim/physics';
import { testAmp, type TestAmp } from '../sim/testing';
import { touchPanelsOf } from '../api/nst-proxy';
import { controlRoutes, registerControlRoutes } from './routes';

let t: TestAmp;
let amp: Amp;
let physics: Physics;
let app: FastifyInstance;

beforeEach(() => {
  t = testAmp('704');
  ({ amp, physics } = t);
  app = Fastify();
  registerControlRoutes(app, { amp, physics });
});
afterEach(async () => {
  await app.close();
  t.dispose();
});

describe('control routes', () => {
  it('injects, lists and clears faults; the amp shows them', async () => {
    expect((await app.inject({ method: 'GET', url: '/control/faults' })).json()).toEqual({ faults: [] });

    const posted = await app.inject({ method: 'POST', url: '/control/faults', payload: { type: 'powerSupplyFail' } });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toEqual({ faults: [{ type: 'powerSupplyFail' }] });
    physics.tick(1000);
    expect(amp.read('/amp/powerSupply/powerOk')).toBe(false);
    expect(amp.read('/amp/channels/1/output/status')).toBe('Faulted');

    const listed = await app.inject({ method: 'GET', url: '/control/faults' });
    expect(listed.json()).toEqual({ faults: [{ type: 'powerSupplyFail' }] });

    const cleared = await app.inject({ method: 'DELETE', url: '/control/faults' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ faults: [] });
    physics.tick(1000);
    expect(amp.read('/amp/powerSupply/powerOk')).toBe(true);
    expect(amp.read('/amp/channels/1/output/status')).toBe('Ok');
  });

  it.each([
    [{ type: 'short' }, /channel: Invalid input: expected number/],
    [{ type: 'short', channel: 'two' }, /channel: Invalid input: expected number, received string/],
    [{ type: 'meltdown' }, /type: Invalid discriminator value. Expected 'short' | 'open'/],
    [{ type: 'open', channel: 2, extra: true }, /Unrecognized key: "extra"/],
    [{ type: 'firmware', version: 'latest' }, /version: firmware version must be four dotted numbers/],
    [{ type: 'short', channel: 5 }, /channel 5 does not exist: 704 has channels 1-4/],
    [{ type: 'dropInput', input: 'digital', n: 1 }, /704 has no digital inputs/],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    physics.tick(1000);
    const before = structuredClone(amp.state);
    const res = await app.inject({ method: 'POST', url: '/control/faults', payload: body });
    expect(res.statusCode).toBe(400);
    const reply = res.json<{ error: string; message: string }>();
    expect(reply.error).toBe('invalid fault');
    expect(reply.message).toMatch(message);
    expect(physics.faults()).toEqual([]);
    expect(amp.state).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/control/faults',
      headers: { 'content-type': 'application/json' },
      payload: '{type: short',
    });
    expect(res.statusCode).toBe(400);
    expect(physics.faults()).toEqual([]);
  });

  it('mounts as a plugin too', async () => {
    const other = Fastify();
    await other.register(controlRoutes, { amp, physics });
    const res = await other.inject({
      method: 'POST',
      url: '/control/faults',
      payload: { type: 'firmware', version: '1.6.0.0' },
    });
    expect(res.statusCode).toBe(201);
    expect(amp.read('/amp/deviceInfo/firmwareVersion')).toBe('1.6.0.0');
    await other.close();
  });
});

describe('touch panel control (issue 19)', () => {
  it('lists the panels behind the amp with their stored configuration and takes one offline and back', async () => {
    touchPanelsOf(amp).add('10.0.2.1', { name: 'Lobby Touch' });
    const listed: unknown = (await app.inject({ method: 'GET', url: '/control/touch' })).json();
    expect(listed).toEqual({
      panels: [
        { ipAddress: '10.0.2.1', name: 'Lobby Touch', online: true, config: { name: 'Lobby Touch', groups: [] } },
      ],
    });
    const off = await app.inject({ method: 'POST', url: '/control/touch/10.0.2.1', payload: { online: false } });
    expect(off.json()).toMatchObject({ online: false });
    expect(amp.read('/NSTProxy/devices/10.0.2.1/online')).toBe(false);
    await app.inject({ method: 'POST', url: '/control/touch/10.0.2.1', payload: { online: true } });
    expect((await app.inject({ method: 'GET', url: '/control/touch/10.0.2.1' })).json()).toMatchObject({
      online: true,
    });
  });

  it('refuses a bad body or an unknown panel and changes nothing', async () => {
    touchPanelsOf(amp).add('10.0.2.1', { name: 'Lobby Touch' });
    for (const payload of [{ online: 'no' }, { online: true, extra: 1 }, '\u0000', { online: null }]) {
      const r = await app.inject({ method: 'POST', url: '/control/touch/10.0.2.1', payload });
      expect([400, 415]).toContain(r.statusCode); // a text body is refused as such
    }
    expect(
      (await app.inject({ method: 'POST', url: '/control/touch/10.9.9.9', payload: { online: false } })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/control/touch/10.9.9.9' })).statusCode).toBe(404);
    expect(touchPanelsOf(amp).get('10.0.2.1')?.online).toBe(true);
  });
});
