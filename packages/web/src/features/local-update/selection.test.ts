import { UAC_LEVELS } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import {
  ampsToUpdate,
  chooseFile,
  eligibility,
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
      image: { name: 'ASBT-1.6.0.0.tar.xz.enc', prefix: 'ASBT', version: '1.6.0.0' },
    });
    expect(chooseFile(file('C:\\fakepath\\DLS-1-6-0-0.tar.xz.enc'))).toMatchObject({
      ok: true,
      image: { name: 'DLS-1-6-0-0.tar.xz.enc', prefix: 'DLS', version: '1.6.0.0' },
    });
  });

  it('refuses a zip release, a bad image name, any other file and an empty image, saying which', () => {
    expect(chooseFile(file('release-1.6.zip'))).toEqual({ ok: false, refusal: 'zip' });
    expect(chooseFile(file('ASBT-1.6.tar.xz.enc'))).toEqual({ ok: false, refusal: 'badName' });
    expect(chooseFile(file('XYZ-1.6.0.0.tar.xz.enc'))).toEqual({ ok: false, refusal: 'badName' });
    expect(chooseFile(file('notes.txt'))).toEqual({ ok: false, refusal: 'notImage' });
    expect(chooseFile(file('ASBT-1.6.0.0.tar.xz'))).toEqual({ ok: false, refusal: 'notImage' });
    expect(chooseFile(file('SS-1.6.0.0.tar.xz.enc', 0))).toEqual({ ok: false, refusal: 'empty' });
  });
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
    expect(eligibility(amps[0]!, { prefix: 'ASBT' })).toBe('ok');
    expect(eligibility(amps[1]!, { prefix: 'ASBT' })).toBe('noImage');
  });

  it('sends the image only to selected amps of its family', () => {
    const all = new Set(amps.map((a) => a.ampId));
    expect(ampsToUpdate(amps, all, { prefix: 'ASBT' }).map((a) => a.ampId)).toEqual(['a']);
    expect(ampsToUpdate(amps, all, { prefix: 'DLS' }).map((a) => a.ampId)).toEqual(['b']);
    expect(ampsToUpdate(amps, new Set(['b']), { prefix: 'ASBT' })).toEqual([]);
    expect(ampsToUpdate(amps, all, undefined)).toEqual([]);
  });

  it('selects all selectable amps and shows a partial selection as mixed', () => {
    expect(selectableIds(amps)).toEqual(['a', 'b']);
    expect(selectAllState(amps, new Set())).toBe('none');
    expect(selectAllState(amps, new Set(['a']))).toBe('some');
    expect(selectAllState(amps, new Set(['a', 'b', 'c']))).toBe('all');
  });
});
