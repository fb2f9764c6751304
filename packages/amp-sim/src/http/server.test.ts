import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getModel } from '@rackside/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { Amp } from '../amp';
import { startAmpHttp, type AmpHttpOptions, type AmpHttpServer } from './server';

const makeAmp = () =>
  new Amp({
    model: getModel('704D'),
    ip: '127.0.1.7',
    mac: '00:11:22:33:44:55',
    serialNumber: 'SN1',
    deviceName: 'Amp',
    firmwareVersion: '1.0.0.0',
  });

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(amp: Amp, extra: Partial<AmpHttpOptions> = {}): Promise<{ server: AmpHttpServer; base: string }> {
  const server = await startAmpHttp(amp, { host: '127.0.0.1', port: 0, ...extra });
  cleanups.push(
    () => server.close(),
    () => amp.dispose(),
  );
  return { server, base: `http://127.0.0.1:${server.port}` };
}

describe('amp HTTP server', () => {
  it('GET /host names the device API address of the amp', async () => {
    const { base } = await start(makeAmp());
    const res = await fetch(`${base}/host`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ host: '127.0.1.7:1234' });
  });

  it('lets a console served from another origin call it (CORS, preflight included)', async () => {
    const { base } = await start(makeAmp());
    const res = await fetch(`${base}/host`, { headers: { origin: 'http://localhost:5173' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const pre = await fetch(`${base}/http-multipart-form-data-upload.cgi`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('answers 503 while the network is unplugged, but plugin routes keep working', async () => {
    const amp = makeAmp();
    const { base } = await start(amp, {
      plugins: [
        (app) => {
          app.post('/fault/network', () => {
            amp.unplugNetwork(0);
            return { up: amp.networkUp };
          });
        },
      ],
    });
    amp.unplugNetwork(60_000);
    const down = await fetch(`${base}/host`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'Failure', message: 'network down' });
    const plug = await fetch(`${base}/fault/network`, { method: 'POST' });
    expect(await plug.json()).toEqual({ up: true });
    expect((await fetch(`${base}/host`)).status).toBe(200);
  });

  it('serves the web app with a fallback to index.html for app routes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rackside-web-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Rackside</title>');
    writeFileSync(join(root, 'app.js'), 'console.log(1)');
    const { base } = await start(makeAmp(), { webRoot: root });
    expect(await (await fetch(`${base}/`)).text()).toContain('Rackside');
    expect(await (await fetch(`${base}/app.js`)).text()).toBe('console.log(1)');
    const route = await fetch(`${base}/amps/1/channels?tab=eq`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('Rackside');
    expect((await fetch(`${base}/missing.js`)).status).toBe(404);
    // an amp's id is its IP: a dotted last segment is still an app route, reloadable
    const amp = await fetch(`${base}/amps/127.0.1.2`);
    expect(amp.status).toBe(200);
    expect(await amp.text()).toContain('Rackside');
    expect(await (await fetch(`${base}/host`)).json()).toEqual({ host: '127.0.1.7:1234' });
  });

  it('tags the served index.html with the development cloud when one is set, and only then', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rackside-web-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>Rackside</title></head></html>');
    const endpoint = 'http://127.0.0.1:8090/api/devices/register?a=1&b="2"';
    const tag =
      '<meta name="rackside-dev-cloud" content="http://127.0.0.1:8090/api/devices/register?a=1&amp;b=&quot;2&quot;">';
    const tagged = await start(makeAmp(), { webRoot: root, devCloudEndpoint: endpoint });
    for (const path of ['/', '/index.html', '/amps/127.0.1.7/connect']) {
      const res = await fetch(`${tagged.base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain(`${tag}</head>`);
    }
    const plain = await start(makeAmp(), { webRoot: root });
    for (const path of ['/', '/index.html', '/amps/127.0.1.7/connect']) {
      const html = await (await fetch(`${plain.base}${path}`)).text();
      expect(html).toContain('<title>Rackside</title>');
      expect(html).not.toContain('rackside-dev-cloud');
    }
  });

  it('runs without a web app when the folder does not exist', async () => {
    const { base } = await start(makeAmp(), { webRoot: '/nonexistent/rackside-web' });
    expect((await fetch(`${base}/`)).status).toBe(404);
  });
});
