import { describe, expect, it } from 'vitest';
import { MODELS, boardCount, findModel, getModel, hasWifi } from './models';

describe('model catalogue', () => {
  it('names every family of the specs', () => {
    for (const id of [
      '352',
      '354N',
      '702D',
      '704D',
      '1504',
      '1504N',
      '352N_G',
      '704D_G',
      '704N-ADSP',
      '34D',
      '64D',
      '124D',
    ])
      expect(findModel(id), id).toBeDefined();
    expect(MODELS.some((m) => m.family === 'CDS')).toBe(true);
    expect(MODELS.some((m) => m.kind === 'touch')).toBe(true);
  });
  it('derives channels and inputs from the model (spec 2 §6)', () => {
    expect(getModel('352N')).toMatchObject({ channels: 2, analogInputs: 2, danteInputs: 0 });
    expect(getModel('704D')).toMatchObject({ channels: 4, danteInputs: 8 });
    expect(getModel('124D')).toMatchObject({ channels: 4, danteInputs: 4 });
    expect(getModel('CDS-508')).toMatchObject({ channels: 8, digitalInputs: 8, danteInputs: 0 });
    expect(boardCount(getModel('CDS-508'))).toBe(4);
  });
  it('picks the firmware image family of spec 3 §5', () => {
    expect(getModel('124D').firmwareImagePrefix).toBe('DLS');
    expect(getModel('704D-ADSP').firmwareImagePrefix).toBe('SS');
    expect(getModel('CDS-508-ADSP').firmwareImagePrefix).toBe('SS');
    expect(getModel('1504D').firmwareImagePrefix).toBe('BS');
    expect(getModel('704D').firmwareImagePrefix).toBe('ASBT');
  });
  it('has no Wi-Fi on N_G and D_G models (spec 2 §5)', () => {
    expect(hasWifi('352N_G')).toBe(false);
    expect(hasWifi('Connect Series Model 704D_G')).toBe(false);
    expect(hasWifi('704D')).toBe(true);
    expect(getModel('352N_G').caps.wifi).toBe(false);
  });
  it('finds a model by its modelID string and refuses unknown ones clearly', () => {
    expect(findModel('Connect Series Model 704D')?.id).toBe('704D');
    expect(() => getModel('999X')).toThrow(/unknown model '999X'/);
  });
});
