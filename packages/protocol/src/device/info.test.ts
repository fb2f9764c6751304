import { describe, expect, it } from 'vitest';
import { infoAt } from './info';
import { getModel } from './models';

const m704 = getModel('704D');

describe('info', () => {
  it('describes a field with type, unit, range, step and default', () => {
    expect(infoAt(m704, '/amp/channels/1/output/fader')).toEqual({
      type: 'number',
      unit: 'dB',
      min: -80,
      max: 0,
      step: 0.1,
      default: 0,
    });
    expect(infoAt(m704, '/amp/channels/1/rmsLimiter')).toMatchObject({
      threshold: { min: 10, max: 140, unit: 'V' },
      attackTime: { min: 1000, max: 10000, unit: 'ms' },
    });
    expect(infoAt(m704, '/amp/channels/1/output')).toMatchObject({
      hiZLoZ: { type: 'enum', choices: ['HiZ-70V', 'HiZ-100V', 'LoZ'], default: 'LoZ' },
      fault: { readOnly: true },
    });
  });
  it('offers only the model’s own input sources', () => {
    const choices = (infoAt(getModel('352N'), '/amp/channels/1/inputSelector/primary') as { choices: string[] })
      .choices;
    expect(choices).toEqual(['Analog 1', 'Analog 2', 'Analog 1+2']);
    const dante = (infoAt(m704, '/amp/channels/1/inputSelector/primary') as { choices: string[] }).choices;
    expect(dante).toContain('Dante 8');
    expect(dante).toContain('Dante 7+8');
    expect(dante).not.toContain('Analog 5');
  });
});
