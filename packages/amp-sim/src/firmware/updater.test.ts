import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getModel } from '@rackside/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { Amp } from '../amp';
import { buildFirmwareImage, firmwareFileName, parseFirmwareName } from './image';
import { FirmwareUpdater } from './updater';

const makeAmp = (modelId: string) =>
  new Amp({
    model: getModel(modelId),
    ip: '127.0.0.1',
    mac: '00:11:22:33:44:55',
    serialNumber: 'SN1',
    deviceName: 'Amp',
    firmwareVersion: '1.0.0.0',
  });

/** Records every fwUpdateStatus the amp goes through. */
function statusesOf(amp: Amp): string[] {
  const seen: string[] = [];
  amp.onChange((delta) => {
    const misc = delta.misc as { fwUpdateStatus?: string } | undefined;
    if (misc?.fwUpdateStatus) seen.push(misc.fwUpdateStatus);
  });
  return seen;
}

const updaters: FirmwareUpdater[] = [];
const updaterFor = (amp: Amp) => {
  const u = new FirmwareUpdater(amp, { speed: 1000 });
  updaters.push(u);
  return u;
};
afterEach(() => {
  for (const u of updaters.splice(0)) u.dispose();
});

describe('firmware image names', () => {
  it('accepts the dotted and the dashed styles and rejects other names', () => {
    expect(parseFirmwareName('ASBT-1.6.0.0.tar.xz.enc')).toEqual({ prefix: 'ASBT', version: '1.6.0.0' });
    expect(parseFirmwareName('DLS-2-1-0-12.tar.xz.enc')).toEqual({ prefix: 'DLS', version: '2.1.0.12' });
    expect(parseFirmwareName('SS-1.6.0.0-rc1.tar.xz.enc')).toEqual({ prefix: 'SS', version: '1.6.0.0' });
    expect(parseFirmwareName('ASBT-1.6.0.tar.xz.enc')).toBeUndefined();
    expect(parseFirmwareName('asbt-1.6.0.0.tar.xz.enc')).toBeUndefined();
    expect(parseFirmwareName('XYZ-1.6.0.0.tar.xz.enc')).toBeUndefined();
    expect(parseFirmwareName('ASBT-1.6.0.0.zip')).toBeUndefined();
  });
});

describe('FirmwareUpdater', () => {
  it('runs a good image through every status to Finished and reports the new version', async () => {
    const amp = makeAmp('704N');
    const seen = statusesOf(amp);
    const image = buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0' });
    const final = await updaterFor(amp).startFromBuffer(firmwareFileName('ASBT', '1.6.0.0'), image);
    expect(final).toBe('Finished');
    expect(seen).toEqual(['Downloading', 'Decrypting', 'Extraction', 'ExtractionComplete', 'Finished']);
    expect(amp.state.amp?.deviceInfo.firmwareVersion).toBe('1.6.0.0');
  });

  it('ends in Finished8ch on an 8-channel model', async () => {
    const amp = makeAmp('CDS-508');
    const image = buildFirmwareImage({ prefix: 'ASBT', version: '2.0.0.1' });
    expect(await updaterFor(amp).startFromBuffer('ASBT-2.0.0.1.tar.xz.enc', image)).toBe('Finished8ch');
    expect(amp.state.amp?.deviceInfo.firmwareVersion).toBe('2.0.0.1');
  });

  it('flashes the power supply and each board, then FinishedFlash with every board version updated', async () => {
    const amp = makeAmp('704N');
    const seen = statusesOf(amp);
    const image = buildFirmwareImage({ prefix: 'ASBT', version: '1.7.0.0', boards: true, factoryReset: true });
    expect(await updaterFor(amp).startFromBuffer('ASBT-1.7.0.0.tar.xz.enc', image)).toBe('FinishedFlash');
    expect(seen).toEqual([
      'Downloading',
      'Decrypting',
      'Extraction',
      'ExtractionComplete',
      'FactoryReset',
      'FinishedFlash',
    ]);
    const { misc } = amp.state;
    expect([misc.psFwUpdateStatus, misc.amp1FwUpdateStatus, misc.amp2FwUpdateStatus]).toEqual(['ok', 'ok', 'ok']);
    const info = amp.state.amp?.deviceInfo;
    expect([info?.powerSupplyfirmwareVersion, info?.amp12firmwareVersion, info?.amp34firmwareVersion]).toEqual([
      '1.7.0.0',
      '1.7.0.0',
      '1.7.0.0',
    ]);
    expect(info && 'amp56firmwareVersion' in info).toBe(false);
  });

  it.each([
    [
      'an image for another model family',
      buildFirmwareImage({ prefix: 'DLS', version: '1.6.0.0' }),
      'DLS-1.6.0.0.tar.xz.enc',
      'HwNotSupportedInFw',
    ],
    [
      'a fitting image renamed for another family',
      buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0' }),
      'BS-1.6.0.0.tar.xz.enc',
      'HwNotSupportedInFw',
    ],
    [
      'a corrupt image',
      buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', corrupt: true }),
      'ASBT-1.6.0.0.tar.xz.enc',
      'DecryptingFail',
    ],
    ['random bytes', Buffer.from('not an image at all'), 'ASBT-1.6.0.0.tar.xz.enc', 'DecryptingFail'],
    [
      'a truncated image',
      buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0', corrupt: 'truncated' }),
      'ASBT-1.6.0.0.tar.xz.enc',
      'ExtractionFail',
    ],
  ])('stops at the failure status for %s and keeps the version', async (_what, image, name, failure) => {
    const amp = makeAmp('704N');
    const seen = statusesOf(amp);
    expect(await updaterFor(amp).startFromBuffer(name, image)).toBe(failure);
    expect(seen.at(-1)).toBe(failure);
    expect(seen).not.toContain('ExtractionComplete');
    expect(amp.state.amp?.deviceInfo.firmwareVersion).toBe('');
  });

  it('refuses a second update while one runs', async () => {
    const amp = makeAmp('704N');
    const updater = updaterFor(amp);
    const image = buildFirmwareImage({ prefix: 'ASBT', version: '1.6.0.0' });
    const first = updater.startFromBuffer('ASBT-1.6.0.0.tar.xz.enc', image);
    expect(updater.busy).toBe(true);
    await expect(updater.startFromBuffer('ASBT-1.6.0.0.tar.xz.enc', image)).rejects.toThrow(/in progress/);
    expect(await first).toBe('Finished');
    expect(updater.busy).toBe(false);
  });

  describe('from a URL', () => {
    let server: Server | undefined;
    afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

    const serve = async (status: number, body: Buffer): Promise<string> => {
      server = createServer((_req, res) => res.writeHead(status).end(body));
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/images/ASBT-1.8.0.0.tar.xz.enc`;
    };

    it('downloads the image and installs it', async () => {
      const amp = makeAmp('704N');
      const url = await serve(200, buildFirmwareImage({ prefix: 'ASBT', version: '1.8.0.0' }));
      expect(await updaterFor(amp).startFromUrl(url)).toBe('Finished');
      expect(amp.state.amp?.deviceInfo.firmwareVersion).toBe('1.8.0.0');
    });

    it('reports DownloadFail when the server answers an error', async () => {
      const amp = makeAmp('704N');
      const url = await serve(404, Buffer.from('gone'));
      expect(await updaterFor(amp).startFromUrl(url)).toBe('DownloadFail');
      expect(amp.state.misc.fwUpdateStatus).toBe('DownloadFail');
    });

    it('reports DownloadFail while the amp network is down', async () => {
      const amp = makeAmp('704N');
      const url = await serve(200, buildFirmwareImage({ prefix: 'ASBT', version: '1.8.0.0' }));
      amp.unplugNetwork(60_000);
      expect(await updaterFor(amp).startFromUrl(url)).toBe('DownloadFail');
      amp.dispose();
    });
  });
});
