import { hasAmpFault, hasAmpWarning, hasChannelWarning } from '@rackside/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAmp, type TestAmp } from './testing';

let t: TestAmp;
afterEach(() => t.dispose());

describe('faults', () => {
  it('a shorted load reads Short, faults the channel and logs it; clearing restores it', () => {
    t = testAmp();
    t.setChannel(2, { loadMonitor: { enable: true } });
    t.physics.tick(1000);
    expect(t.at('/amp/channels/2/loadMonitor/measuredImpedance')).toBeCloseTo(8, 0);
    expect(t.at('/amp/channels/2/loadMonitor/status')).toBe('Ok');

    t.physics.inject({ type: 'short', channel: 2 });
    t.physics.tick(1000);
    expect(t.at('/amp/channels/2/loadMonitor/measuredImpedance')).toBeLessThan(2);
    expect(t.at('/amp/channels/2/loadMonitor/status')).toBe('Short');
    expect(t.at('/amp/channels/2/loadMonitor/testing')).toBe(true);
    expect(t.out(2, 'status')).toBe('Faulted');
    expect(t.out(2, 'fault')).toBe(true);
    expect(t.out(2, 'ready')).toBe(false);
    expect(t.level(2, 'level_volts')).toBe(0);
    expect(hasAmpFault(t.device())).toBe(true);
    expect(t.faultsLog()).toBe('2026-11-21T08:40:00.000Z Channel 2: load short');
    expect(t.out(1, 'status')).toBe('Ok');

    t.physics.clear();
    t.physics.tick(1000);
    expect(t.out(2, 'status')).toBe('Ok');
    expect(t.at('/amp/channels/2/loadMonitor/status')).toBe('Ok');
    expect(hasAmpFault(t.device())).toBe(false);
    expect(t.faultsLog().split('\n')).toContain('2026-11-21T08:40:00.000Z Channel 2: load short cleared');
  });

  it('an open load reads Open: a warning, not a fault', () => {
    t = testAmp();
    t.setChannel(3, { loadMonitor: { enable: true } });
    t.physics.inject({ type: 'open', channel: 3 });
    t.physics.tick(1000);
    expect(t.at('/amp/channels/3/loadMonitor/status')).toBe('Open');
    expect(t.at('/amp/channels/3/loadMonitor/measuredImpedance')).toBeGreaterThan(16);
    expect(t.out(3, 'status')).toBe('Ok');
    expect(hasChannelWarning(t.channel(3))).toBe(true);
    expect(t.faultsLog()).toContain('Channel 3: load open');
  });

  it('the pilot tone detector reads an open load after timeElapsedForError', () => {
    t = testAmp();
    t.setChannel(1, { pilotToneDetector: { enable: true, timeElapsedForError: 5 } });
    t.physics.inject({ type: 'open', channel: 1 });
    t.physics.tick(3000);
    expect(t.at('/amp/channels/1/pilotToneDetector/testing')).toBe(true);
    expect(t.at('/amp/channels/1/pilotToneDetector/status')).toBe('Ok');
    t.physics.tick(3000);
    expect(t.at('/amp/channels/1/pilotToneDetector/status')).toBe('Open');
    expect(t.at('/amp/channels/1/pilotToneDetector/measuredLevel')).toBeLessThan(-20);
    expect(t.faultsLog()).toContain('Channel 1: pilot tone Open');
  });

  it('an overheated board warns, then shuts its channels down, and recovers once cleared', () => {
    t = testAmp('704', { speed: 10 }); // ten simulated seconds per real second
    t.physics.inject({ type: 'overheat', channel: 1 });
    t.physics.tick(3_000);
    expect(t.at('/tech/temperatureAmp12')).toBeGreaterThanOrEqual(85);
    expect(t.out(1, 'thermal')).toBe(true);
    expect(t.out(2, 'thermal')).toBe(true); // same board
    expect(t.out(3, 'thermal')).toBe(false);
    expect(t.out(1, 'status')).toBe('Ok');
    expect(hasAmpWarning(t.device())).toBe(true);
    expect(t.faultsLog()).toContain('Channel 1: thermal warning');

    t.physics.tick(3_000);
    expect(t.out(1, 'status')).toBe('Faulted');
    expect(t.faultsLog()).toContain('Channel 1: thermal shutdown');

    t.physics.clear({ type: 'overheat', channel: 1 });
    t.physics.tick(60_000);
    expect(t.at('/tech/temperatureAmp12')).toBeLessThan(85);
    expect(t.out(1, 'status')).toBe('Ok');
    expect(t.out(1, 'thermal')).toBe(false);
  });

  it('a failed power supply faults every channel', () => {
    t = testAmp();
    t.physics.tick(1000);
    const before = t.at('/amp/powerSupply/acLineWatts') as number;
    t.physics.inject({ type: 'powerSupplyFail' });
    t.physics.tick(1000);
    expect(t.at('/amp/powerSupply/fault')).toBe(true);
    expect(t.at('/amp/powerSupply/powerOk')).toBe(false);
    expect(t.at('/amp/powerSupply/acLineWatts')).toBeLessThan(before);
    for (const n of [1, 2, 3, 4]) expect(t.out(n, 'status')).toBe('Faulted');
    expect(t.faultsLog()).toContain('Power supply: failure');
  });

  it('a dropped input loses signal detect and logs the loss', () => {
    t = testAmp();
    t.physics.tick(1000);
    t.physics.inject({ type: 'dropInput', input: 'analog', n: 1 });
    t.physics.tick(1000);
    expect(t.at('/amp/inputs/analog/1/level')).toBe(-120);
    expect(t.at('/amp/channels/1/inputSelector/primarySignalDetect')).toBe(false);
    expect(t.at('/amp/channels/1/inputSelector/signalDetect')).toBe(false);
    expect(t.out(1, 'signalDetect')).toBe(false);
    expect(t.at('/amp/inputs/analog/2/level')).toBeGreaterThan(-60);
    expect(t.eventsLog()).toContain('Analog 1: input signal lost');
    t.physics.clear({ type: 'dropInput', input: 'analog' });
    t.physics.tick(1000);
    expect(t.at('/amp/channels/1/inputSelector/signalDetect')).toBe(true);
    expect(t.eventsLog()).toContain('Analog 1: input signal restored');
  });

  it('a warning heats a channel without faulting it; a warning without a channel sags the line', () => {
    t = testAmp('704', { speed: 10 });
    t.physics.inject({ type: 'warning', channel: 3, text: 'fan running slow' });
    t.physics.inject({ type: 'warning' });
    t.physics.tick(100);
    expect(t.out(3, 'thermal')).toBe(true);
    expect(t.out(3, 'status')).toBe('Ok');
    expect(t.at('/amp/powerSupply/lineWarning')).toBe(true);
    expect(t.at('/amp/powerSupply/powerOk')).toBe(true);
    expect(t.faultsLog()).toContain('Channel 3: fan running slow');
    expect(t.faultsLog()).toMatch(/Power supply: AC line voltage \d+\.\d V outside 90-264 V/);
    t.physics.tick(60_000);
    expect(t.out(3, 'status')).toBe('Ok'); // held below shutdown
  });

  it('unplugging the network closes it for the given seconds', () => {
    t = testAmp();
    const unplug = vi.spyOn(t.amp, 'unplugNetwork');
    t.physics.inject({ type: 'unplugNetwork', seconds: 10 });
    expect(unplug).toHaveBeenCalledWith(10_000);
    expect(t.amp.networkUp).toBe(false);
    expect(t.physics.faults()).toEqual([{ type: 'unplugNetwork', seconds: 10 }]);
    expect(t.eventsLog()).toContain('Network: unplugged for 10 s');
    t.physics.clear();
    expect(t.amp.networkUp).toBe(true);
    expect(t.physics.faults()).toEqual([]);
    expect(t.eventsLog()).toContain('Network: link restored');
  });

  it('a firmware change sets the amp and board versions', () => {
    t = testAmp();
    t.physics.inject({ type: 'firmware', version: '1.6.0.0' });
    expect(t.at('/amp/deviceInfo/firmwareVersion')).toBe('1.6.0.0');
    expect(t.at('/amp/deviceInfo/amp12firmwareVersion')).toBe('1.6.0.0');
    expect(t.at('/amp/deviceInfo/amp34firmwareVersion')).toBe('1.6.0.0');
    expect(t.eventsLog()).toContain('Firmware: updated from unknown to 1.6.0.0');
    expect(t.physics.faults()).toEqual([]);
  });

  it('refuses a fault for a channel or input the model lacks, changing nothing', () => {
    t = testAmp('352');
    expect(() => t.physics.inject({ type: 'short', channel: 3 })).toThrow(
      /channel 3 does not exist: 352 has channels 1-2/,
    );
    expect(() => t.physics.inject({ type: 'dropInput', input: 'dante' })).toThrow(/352 has no dante inputs/);
    expect(t.physics.faults()).toEqual([]);
  });

  it('a touch controller has no physics: only the network can be unplugged', () => {
    t = testAmp('CST-7');
    t.physics.tick(1000);
    expect(t.at('/amp')).toBeUndefined();
    expect(() => t.physics.inject({ type: 'powerSupplyFail' })).toThrow(/CST-7 is not an amp/);
    t.physics.inject({ type: 'unplugNetwork', seconds: 5 });
    expect(t.amp.networkUp).toBe(false);
  });
});
