/**
 * Speaker tunings end to end over the device API (spec 3 §3–§5): a locked tuning exported from one amp (protocol's
 * exportSettings + signTransferFile) imports into another amp locked with the same key, so its password unlocks it there.
 */
import {
  ALL_TICKS,
  DeviceErrorCode,
  exportSettings,
  getModel,
  parseTransferFile,
  planImport,
  signTransferFile,
  verifyTransferFile,
  type DeviceState,
  type TransferFile,
} from '@rackside/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Amp } from '../amp';
import { loadAmp, persistAmp } from '../persistence';
import { startHarness, testAmp, type Harness, type Received, type TestClient } from './test-helpers';

const macA = '00:1b:2c:00:00:01';
const macB = '00:1b:2c:00:00:02';
const ch1 = '/amp/channels/1';
const lpf = `${ch1}/crossover/lowPassFilter/frequency`;
const eqGain = `${ch1}/outputEqFilters/1/gain`;
const tuned = [`${ch1}/crossover`, `${ch1}/outputEqFilters`];

let a: Harness;
let b: Harness;
let ca: TestClient;
let cb: TestClient;
beforeEach(async () => {
  a = await startHarness(testAmp());
  b = await startHarness(
    new Amp({
      model: getModel('704D'),
      ip: '127.0.0.2',
      mac: macB.toUpperCase(),
      serialNumber: 'Y',
      deviceName: 'Other',
      firmwareVersion: '1.5.0.0',
    }),
  );
  ca = await a.connect();
  cb = await b.connect();
});
afterEach(async () => {
  await a.stop();
  await b.stop();
});

const result = <T>(r: Received): T => r.msg.result as T;
type LockResult = { groupId: string; group: { key: string } };

/** What the console does on Export with a lock password: tune, lock, read the amp, write a signed version-2 file. */
async function exportLockedTuning(password: string): Promise<string> {
  expect(result(await ca.call('set', `${ch1}/crossover/lowPassFilter`, { frequency: 700 }))).toBe('OK');
  expect(result(await ca.call('set', eqGain, 4))).toBe('OK');
  const lock = result<LockResult>(
    await ca.call('lock', '/lockedProperties', { mac: macA, key: password, properties: tuned }),
  );
  const state = result<DeviceState>(await ca.call('get', '/'));
  const all = exportSettings(state, a.amp.model, ALL_TICKS, { tunings: true });
  const file: TransferFile = {
    ...all,
    channels: { '1': all.channels['1']! },
    lockedProperties: { groups: { [lock.groupId]: { key: lock.group.key, properties: tuned } } },
  };
  return JSON.stringify(await signTransferFile(file, macA));
}

/** What the console does on Import of a verified file: the planned sets, then each group locked with its key. */
async function importTuning(c: TestClient, file: TransferFile, mac: string): Promise<LockResult[]> {
  const state = result<DeviceState>(await c.call('get', '/'));
  for (const s of planImport(file, state, b.amp.model, ALL_TICKS).sets)
    expect(result(await c.call('set', s.path, s.value)), s.path).toBe('OK');
  const locks: LockResult[] = [];
  for (const g of Object.values(file.lockedProperties?.groups ?? {}))
    locks.push(
      result<LockResult>(await c.call('lock', '/lockedProperties', { mac, key: g.key, properties: g.properties })),
    );
  return locks;
}

describe('speaker tunings', () => {
  it('a locked tuning imports locked into another amp, refuses sets there and unlocks with its password', async () => {
    const parsed = parseTransferFile(await exportLockedTuning('tuning-pw'));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.file.version).toBe(2);
    expect(await verifyTransferFile(parsed.file)).toEqual({ ok: true, signed: true });
    const fileKey = Object.values(parsed.file.lockedProperties!.groups)[0]!.key;

    const [lock] = await importTuning(cb, parsed.file, macB);
    expect(lock?.group.key).toBe(fileKey);
    expect(b.amp.read(lpf)).toBe(700);
    expect(b.amp.read(eqGain)).toBe(4);

    const refused = await cb.call('set', `${ch1}/crossover/lowPassFilter`, { frequency: 900 });
    expect(refused.msg.error).toEqual({
      code: DeviceErrorCode.Forbidden,
      message: `${lpf} is locked by speaker tunings`,
    });
    expect((await cb.call('set', eqGain, 0)).msg.error?.code).toBe(DeviceErrorCode.Forbidden);

    const wrong = await cb.call('unlock', '/lockedProperties', { mac: macB, password: 'guess' });
    expect(wrong.msg.error).toEqual({
      code: DeviceErrorCode.InvalidPassword,
      message: 'The provided password is incorrect',
    });
    // the obfuscated key itself is not the password
    expect((await cb.call('unlock', '/lockedProperties', { mac: macB, password: fileKey })).msg.error?.code).toBe(
      DeviceErrorCode.InvalidPassword,
    );
    expect(result(await cb.call('unlock', '/lockedProperties', { mac: macB, password: 'tuning-pw' }))).toBe('OK');
    expect(b.amp.read('/lockedProperties/groups')).toEqual({});
    expect(result(await cb.call('set', `${ch1}/crossover/lowPassFilter`, { frequency: 900 }))).toBe('OK');
  });

  it('shows each group with its properties, so a console can see more than one lock on a channel', async () => {
    const first = result<LockResult>(
      await ca.call('lock', '/lockedProperties', { mac: macA, key: 'one', properties: [lpf] }),
    );
    const second = result<LockResult>(
      await ca.call('lock', '/lockedProperties', { mac: macA, key: 'two', properties: [eqGain] }),
    );
    expect(result(await ca.call('get', '/lockedProperties'))).toEqual({
      groups: {
        [first.groupId]: { key: first.group.key, properties: [lpf] },
        [second.groupId]: { key: second.group.key, properties: [eqGain] },
      },
    });
    // unlocking one group leaves the other locked
    expect(
      result(await ca.call('unlock', '/lockedProperties', { mac: macA, password: 'one', groupId: first.groupId })),
    ).toBe('OK');
    expect(result(await ca.call('set', lpf, 500))).toBe('OK');
    expect((await ca.call('set', eqGain, 1)).msg.error?.code).toBe(DeviceErrorCode.Forbidden);
    // a group already gone cannot be reset
    expect((await ca.call('reset', '/lockedProperties', { groupId: first.groupId })).msg.error?.code).toBe(
      DeviceErrorCode.InvalidParams,
    );
  });

  it('refuses only sets that write a locked property: a set writing nothing answers as on an unlocked amp', async () => {
    const before = await ca.call('set', `${ch1}/crossover`, {});
    await ca.call('lock', '/lockedProperties', { mac: macA, key: 'k', properties: [lpf] });
    const after = await ca.call('set', `${ch1}/crossover`, {});
    expect(after.msg.error).toEqual(before.msg.error);
    expect(after.msg.result).toEqual(before.msg.result);
    expect((await ca.call('set', ch1, { crossover: { lowPassFilter: {} } })).msg.error).toEqual(before.msg.error);
    expect((await ca.call('set', ch1, { crossover: { lowPassFilter: { frequency: 800 } } })).msg.error?.code).toBe(
      DeviceErrorCode.Forbidden,
    );
  });

  it('keeps its locks across a restart (--data): the group still refuses sets and unlocks with its password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rackside-tunings-'));
    try {
      const saving = persistAmp(dir, a.amp, 10_000);
      const lock = result<LockResult>(
        await ca.call('lock', '/lockedProperties', { mac: macA, key: 'pw', properties: [lpf] }),
      );
      saving.stop();
      await a.stop();
      a = await startHarness(testAmp());
      loadAmp(dir, a.amp);
      ca = await a.connect();
      expect(result(await ca.call('get', '/lockedProperties'))).toEqual({
        groups: { [lock.groupId]: { key: lock.group.key, properties: [lpf] } },
      });
      expect((await ca.call('set', lpf, 500)).msg.error?.code).toBe(DeviceErrorCode.Forbidden);
      expect(result(await ca.call('unlock', '/lockedProperties', { mac: macA, password: 'pw' }))).toBe('OK');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('obfuscates any key not already in the obfuscated form, look-alikes included', async () => {
    const lookAlike = 'sha256$00$11';
    const r = result<LockResult>(
      await ca.call('lock', '/lockedProperties', { mac: macA, key: lookAlike, properties: [lpf] }),
    );
    expect(r.group.key).not.toBe(lookAlike);
    expect(r.group.key).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(result(await ca.call('unlock', '/lockedProperties', { mac: macA, password: lookAlike }))).toBe('OK');
  });
});
