import { generateKeyPairSync } from 'node:crypto';
import { getModel } from '@rackside/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { Amp } from '../amp';
import { buildFirmwareImage } from '../firmware/image';
import { startAmpHttp, type AmpHttpOptions } from './server';

// A real self-signed certificate (openssl, P-256, valid until 2126).
const CERT = `-----BEGIN CERTIFICATE-----
MIIBjTCCATOgAwIBAgIUXm2o5OUySCAKNjzNoLGsXitUuRYwCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQcmFja3NpZGUtdGVzdC1jYTAgFw0yNjExMjEwODQyNDNaGA8y
MTI2MTAyODA4NDI0M1owGzEZMBcGA1UEAwwQcmFja3NpZGUtdGVzdC1jYTBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABFtsnNp6FbM4rLX7ulPPAN1k7bBMqi7TTb9X
ui0x6dA6sof2lyuD4QdwwQ6Tdz421vJ49Oh8NRROEjxqhdHT0BqjUzBRMB0GA1Ud
DgQWBBS/C7IQ+DiG/z5cCHCBUyXnWzulaDAfBgNVHSMEGDAWgBS/C7IQ+DiG/z5c
CHCBUyXnWzulaDAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIFow
KPov4gru/u4tTzNPqt4pLDWU7I6hkjuen6/v45tkAiEAjth1yhBAd41CdTneDtLt
KtkC9hrQs1GXCu+dM4Opbic=
-----END CERTIFICATE-----
`;
const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const PKCS8_KEY = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const EC_KEY = privateKey.export({ type: 'sec1', format: 'pem' }).toString();

const makeAmp = (modelId = '704D') =>
  new Amp({
    model: getModel(modelId),
    ip: '127.0.0.1',
    mac: '00:11:22:33:44:55',
    serialNumber: 'SN1',
    deviceName: 'Amp',
    firmwareVersion: '1.0.0.0',
  });

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(amp: Amp, extra: Partial<AmpHttpOptions> = {}) {
  const server = await startAmpHttp(amp, { host: '127.0.0.1', port: 0, speed: 1000, ...extra });
  cleanups.push(
    () => server.close(),
    () => amp.dispose(),
  );
  const upload = async (name: string | undefined, content: string | Uint8Array, field = 'file') => {
    const form = new FormData();
    if (name !== undefined) form.append(field, new Blob([content]), name);
    form.append('submit', 'Submit');
    const res = await fetch(`http://127.0.0.1:${server.port}/http-multipart-form-data-upload.cgi`, {
      method: 'POST',
      body: form,
    });
    return { code: res.status, body: (await res.json()) as { status: string; message: string } };
  };
  return { server, upload };
}

const ethernet = (amp: Amp) => amp.state.network.ethernet;

describe('upload CGI: 802.1X files', () => {
  it.each([
    ['ca.pem', CERT, 'dot1xUploadedCACert', 'dot1xCACertValid'],
    ['client.pem', CERT + CERT, 'dot1xUploadedClientCert', 'dot1xClientCertValid'],
    ['client.key', PKCS8_KEY, 'dot1xUploadedClientKey', 'dot1xClientKeyCheck'],
    ['client.key', EC_KEY, 'dot1xUploadedClientKey', 'dot1xClientKeyCheck'],
  ])('stores %s and marks it uploaded and valid', async (name, content, uploaded, valid) => {
    const amp = makeAmp();
    const { upload } = await start(amp);
    const reply = await upload(name, content);
    expect(reply).toEqual({
      code: 200,
      body: { status: 'Success', message: expect.stringContaining('uploaded') as string },
    });
    expect(ethernet(amp)).toMatchObject({ [uploaded]: true, [valid]: true });
  });

  it.each([
    ['ca.pem', 'hello, not a certificate'],
    ['ca.pem', PKCS8_KEY],
    ['ca.pem', CERT.replace('MIIBjTCC', 'MIIB!TCC')],
    ['client.key', CERT],
    ['client.key', PKCS8_KEY + PKCS8_KEY],
    ['client.pem', `junk before\n${CERT}`],
  ])('rejects %s that is not the right PEM: uploaded but not valid', async (name, content) => {
    const amp = makeAmp();
    const { upload } = await start(amp);
    const reply = await upload(name, content);
    expect(reply.code).toBe(422);
    expect(reply.body.status).toBe('Failure');
    const eth = ethernet(amp);
    expect([eth.dot1xCACertValid, eth.dot1xClientCertValid, eth.dot1xClientKeyCheck]).toEqual([false, false, false]);
  });

  it('turns a valid slot invalid when a bad file replaces it', async () => {
    const amp = makeAmp();
    const { upload } = await start(amp);
    await upload('ca.pem', CERT);
    expect(ethernet(amp).dot1xCACertValid).toBe(true);
    expect((await upload('ca.pem', 'garbage')).code).toBe(422);
    expect(ethernet(amp)).toMatchObject({ dot1xUploadedCACert: true, dot1xCACertValid: false });
  });

  it.each([
    ['a wrong file name', () => ['ca.crt', CERT] as const, 400, 'Invalid file type'],
    ['no file', () => [undefined, ''] as const, 400, 'no file: send it in a multipart field named file'],
    ['an empty file input', () => ['', ''] as const, 400, 'no file: send it in a multipart field named file'],
    ['an oversized file', () => ['ca.pem', CERT + 'A'.repeat(70_000)] as const, 413, /too large/],
  ])('refuses %s and changes nothing', async (_what, make, code, message) => {
    const amp = makeAmp();
    const { upload } = await start(amp);
    const before = structuredClone(amp.state);
    const [name, content] = make();
    const reply = await upload(name, content);
    expect(reply).toMatchObject({ code, body: { status: 'Failure' } });
    expect(reply.body.message).toMatch(message);
    expect(amp.state).toEqual(before);
  });

  it('refuses a file sent under another field name', async () => {
    const amp = makeAmp();
    const { upload } = await start(amp);
    expect((await upload('ca.pem', CERT, 'upload')).code).toBe(400);
    expect(ethernet(amp).dot1xUploadedCACert).toBe(false);
  });

  it('refuses a body that is not multipart, or is broken multipart', async () => {
    const amp = makeAmp();
    const { server } = await start(amp);
    const url = `http://127.0.0.1:${server.port}/http-multipart-form-data-upload.cgi`;
    const json = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
    const broken = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="ca.pem"\r\n\r\nhalf a file',
    });
    expect(broken.status).toBe(400);
    expect(ethernet(amp).dot1xUploadedCACert).toBe(false);
  });

  it('refuses 802.1X files on a model without 802.1X', async () => {
    const { upload } = await start(makeAmp('64D'));
    expect(await upload('ca.pem', CERT)).toMatchObject({ code: 400, body: { status: 'Failure' } });
  });

  it('answers 503 and changes nothing while the network is down', async () => {
    const amp = makeAmp();
    const { upload } = await start(amp);
    amp.unplugNetwork(60_000);
    expect((await upload('ca.pem', CERT).catch(() => ({ code: 0 }))).code).not.toBe(200);
    expect(ethernet(amp).dot1xUploadedCACert).toBe(false);
  });
});

describe('upload CGI: firmware images', () => {
  const waitForEnd = (amp: Amp) =>
    new Promise<string>((resolve) => {
      const off = amp.onChange((delta) => {
        const s = (delta.misc as { fwUpdateStatus?: string } | undefined)?.fwUpdateStatus;
        if (s && /Fail|Finished|HwNotSupported/.test(s)) {
          off();
          resolve(s);
        }
      });
    });

  it('accepts a good image and the amp runs the update to Finished with the new version', async () => {
    const amp = makeAmp();
    const { upload } = await start(amp);
    const end = waitForEnd(amp);
    const reply = await upload('ASBT-1.6.0.0.tar.xz.enc', buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0' }));
    expect(reply).toEqual({ code: 200, body: { status: 'Success', message: 'firmware update started' } });
    expect(await end).toBe('Finished');
    expect(amp.state.amp?.deviceInfo.firmwareVersion).toBe('1.6.0.0');
  });

  it('accepts an image for another family, which the amp then refuses with HwNotSupportedInFw', async () => {
    const amp = makeAmp();
    const { upload } = await start(amp);
    const end = waitForEnd(amp);
    expect(
      (await upload('DLS-1.6.0.0.tar.xz.enc', buildFirmwareImage({ prefix: 'DLS', version: '1.6.0.0' }))).code,
    ).toBe(200);
    expect(await end).toBe('HwNotSupportedInFw');
  });

  it('refuses a name that breaks the grammar, a second update, and an image over the limit', async () => {
    const amp = makeAmp();
    const { upload } = await start(amp, { speed: 1, maxUploadBytes: 200_000 });
    const image = buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0' });
    expect(await upload('firmware.tar.xz.enc', image)).toMatchObject({ code: 400, body: { status: 'Failure' } });
    expect(amp.state.misc.fwUpdateStatus).toBe('None');
    expect((await upload('ASBT-1.6.0.0.tar.xz.enc', image)).code).toBe(200);
    expect(await upload('ASBT-1.6.0.0.tar.xz.enc', image)).toMatchObject({ code: 409 });
    const huge = buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', payloadBytes: 300_000 });
    expect((await upload('ASBT-1.6.0.0.tar.xz.enc', huge)).code).toBe(413);
  });
});
