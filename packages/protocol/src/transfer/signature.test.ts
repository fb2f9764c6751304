import { describe, expect, it } from 'vitest';
import type { TransferFile } from './file';
import { failureMessage, signTransferFile, verifyTransferFile } from './signature';

const file: TransferFile = {
  network: {},
  amp: { deviceInfo: { deviceName: 'Stage left' } },
  channels: { '1': { output: { name: 'Sub' } } },
  inputs: {},
  lockedProperties: { groups: { g1: { key: 'obfuscated', properties: ['/amp/channels/1/crossover'] } } },
};

describe('transfer file signature (spec 3 §4)', () => {
  it('a signed file verifies, whatever the order of its keys', async () => {
    const signed = await signTransferFile(file, 'dev-1');
    expect(signed.deviceId).toBe('dev-1');
    expect(signed.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyTransferFile(signed)).toEqual({ ok: true, signed: true });
    const reordered = JSON.parse(JSON.stringify({ signature: signed.signature, ...signed })) as TransferFile;
    expect(await verifyTransferFile(reordered)).toEqual({ ok: true, signed: true });
  });

  it('an unsigned file passes as unsigned', async () => {
    expect(await verifyTransferFile(file)).toEqual({ ok: true, signed: false });
  });

  it('a tampered file is refused with "Invalid signature"', async () => {
    const signed = await signTransferFile(file, 'dev-1');
    const tampered = { ...signed, channels: { '1': { output: { name: 'Top' } } } };
    expect(await verifyTransferFile(tampered)).toEqual({ ok: false, reason: 'badSignature' });
    expect(failureMessage('badSignature', 'settings')).toBe('Amp settings failed to import. Invalid signature');
    expect(failureMessage('badSignature', 'tunings')).toBe('Speaker tunings failed to import. Invalid signature');
  });

  it('a signature without deviceId is refused, even one computed without it', async () => {
    const signed = await signTransferFile(file, 'dev-1');
    const { deviceId: _dropped, ...withoutId } = signed;
    expect(await verifyTransferFile(withoutId)).toEqual({ ok: false, reason: 'missingDeviceId' });
  });

  it('locked properties without a key are refused with "Invalid key."', async () => {
    const keyless = { ...file, lockedProperties: { groups: { g1: { key: ' ', properties: ['/amp/channels/1/eq'] } } } };
    expect(await verifyTransferFile(keyless)).toEqual({ ok: false, reason: 'missingKey' });
    expect(failureMessage('missingKey', 'settings')).toBe('Invalid key.');
  });
});
