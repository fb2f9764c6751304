import { UAC_LEVELS, type FirmwareImagePrefix } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import {
  ampsToUpdate,
  chooseFile,
  eligibility,
  imageFor,
  selectAllState,
  selectableIds,
  type UpdateCandidate,
} from './selection';

const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name);

const amp = (ampId: string, extra: Partial<UpdateCandidate> = {}): UpdateCandidate => ({
  ampId,
  name: `Amp ${ampId}`,
  ip: ampId,
  modelId: '704D',
  prefix: 'ASBT',
  firmwareVersion: '1.5.2.0',
  connected: true,
  canWrite: true,
  uacLevel: UAC_LEVELS.Write,
  ...extra,
});

describe('the chosen file (spec 3 §2/§5)', () => {
  it('reads an image name into its family and version', () => {
    const choice = chooseFile(file('ASBT-1.6.0.0.tar.xz.enc'));
    expect(choice).toMatchObject({
      ok: true,
      set: {
        fileName: 'ASBT-1.6.0.0.tar.xz.enc',
        kind: 'image',
        images: [{ name: 'ASBT-1.6.0.0.tar.xz.enc', prefix: 'ASBT', version: '1.6.0.0' }],
      },
    });
    expect(chooseFile(file('C:\\fakepath\\DLS-1-6-0-0.tar.xz.enc'))).toMatchObject({
      ok: true,
      set: { images: [{ name: 'DLS-1-6-0-0.tar.xz.enc', prefix: 'DLS', version: '1.6.0.0' }] },
    });
  });

  it('refuses a bad image name, any other file and an empty image, saying which', () => {
    expect(chooseFile(file('ASBT-1.6.tar.xz.enc'))).toEqual({ ok: false, refusal: 'badName' });
    expect(chooseFile(file('XYZ-1.6.0.0.tar.xz.enc'))).toEqual({ ok: false, refusal: 'badName' });
    expect(chooseFile(file('notes.txt'))).toEqual({ ok: false, refusal: 'notImage' });
    expect(chooseFile(file('ASBT-1.6.0.0.tar.xz'))).toEqual({ ok: false, refusal: 'notImage' });
    expect(chooseFile(file('SS-1.6.0.0.tar.xz.enc', 0))).toEqual({ ok: false, refusal: 'empty' });
  });
});

/** A file offering one 1.6.0.0 image of each of these families. */
const only = (...prefixes: FirmwareImagePrefix[]) => ({
  images: prefixes.map((prefix) => ({
    file: new Blob(['x']),
    name: `${prefix}-1.6.0.0.tar.xz.enc`,
    prefix,
    version: '1.6.0.0',
  })),
});

describe('which amps an update reaches (spec 3 §4/§5/§6)', () => {
  const amps = [
    amp('a'),
    amp('b', { modelId: '124D', prefix: 'DLS' }),
    amp('c', { connected: false }),
    amp('d', { canWrite: false }),
    amp('e', { uacLevel: UAC_LEVELS.Readonly }),
    amp('f', { modelId: undefined, prefix: undefined }),
  ];

  it('says why an amp cannot be updated', () => {
    expect(amps.map((a) => eligibility(a, undefined))).toEqual([
      'ok',
      'ok',
      'offline',
      'loginRequired',
      'notAllowed',
      'unknownModel',
    ]);
    expect(eligibility(amps[0]!, only('ASBT'))).toBe('ok');
    expect(eligibility(amps[1]!, only('ASBT'))).toBe('noImage');
    expect(eligibility(amps[1]!, only('ASBT', 'DLS'))).toBe('ok');
    expect(eligibility(amps[2]!, only('ASBT'))).toBe('offline');
  });

  it('sends each selected amp the image of its family, and none to an amp without one', () => {
    const all = new Set(amps.map((a) => a.ampId));
    const sent = (set: ReturnType<typeof only> | undefined, selected = all) =>
      ampsToUpdate(amps, selected, set).map((t) => [t.amp.ampId, t.image.name]);
    expect(sent(only('ASBT'))).toEqual([['a', 'ASBT-1.6.0.0.tar.xz.enc']]);
    expect(sent(only('DLS'))).toEqual([['b', 'DLS-1.6.0.0.tar.xz.enc']]);
    expect(sent(only('DLS', 'ASBT'))).toEqual([
      ['a', 'ASBT-1.6.0.0.tar.xz.enc'],
      ['b', 'DLS-1.6.0.0.tar.xz.enc'],
    ]);
    expect(sent(only('ASBT'), new Set(['b']))).toEqual([]);
    expect(sent(undefined)).toEqual([]);
  });

  it('finds the image of a family', () => {
    expect(imageFor(only('SS', 'DLS'), 'DLS')?.name).toBe('DLS-1.6.0.0.tar.xz.enc');
    expect(imageFor(only('SS'), 'DLS')).toBeUndefined();
    expect(imageFor(only('SS'), undefined)).toBeUndefined();
  });

  it('selects all selectable amps and shows a partial selection as mixed', () => {
    expect(selectableIds(amps)).toEqual(['a', 'b']);
    expect(selectAllState(amps, new Set())).toBe('none');
    expect(selectAllState(amps, new Set(['a']))).toBe('some');
    expect(selectAllState(amps, new Set(['a', 'b', 'c']))).toBe('all');
  });
});
