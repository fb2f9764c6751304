import { getModel } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { Amp } from '../amp';
import { LOG_MAX_LINES, appendEvent, appendFault } from './logs';

const newAmp = () =>
  new Amp({
    model: getModel('704'),
    ip: '127.0.0.1',
    mac: 'm',
    serialNumber: 's',
    deviceName: 'd',
    firmwareVersion: '1.5.2.0',
  });
const at = new Date('2026-11-21T08:40:00.000Z');

describe('amp logs', () => {
  it('appends timestamped lines, oldest first, and notifies the change', () => {
    const amp = newAmp();
    const changes: unknown[] = [];
    amp.onChange((delta) => changes.push(delta));
    appendFault(amp, 'Channel 2: load short', at);
    appendFault(amp, 'Channel 2: load short\ncleared', new Date(at.getTime() + 1000));
    appendEvent(amp, 'Firmware: updated', at);
    expect(amp.read('/logs/faults')).toBe(
      '2026-11-21T08:40:00.000Z Channel 2: load short\n2026-11-21T08:40:01.000Z Channel 2: load short cleared',
    );
    expect(amp.read('/logs/events')).toBe('2026-11-21T08:40:00.000Z Firmware: updated');
    expect(changes).toHaveLength(3);
  });

  it('keeps the latest lines within the line cap and the field maxLength', () => {
    const amp = newAmp();
    for (let i = 1; i <= LOG_MAX_LINES + 5; i++) appendEvent(amp, `event ${i}`, at);
    const lines = (amp.read('/logs/events') as string).split('\n');
    expect(lines).toHaveLength(LOG_MAX_LINES);
    expect(lines[0]).toBe('2026-11-21T08:40:00.000Z event 6');
    expect(lines.at(-1)).toBe(`2026-11-21T08:40:00.000Z event ${LOG_MAX_LINES + 5}`);

    for (let i = 0; i < LOG_MAX_LINES; i++) appendFault(amp, 'x'.repeat(1000), at);
    expect((amp.read('/logs/faults') as string).length).toBeLessThanOrEqual(65536);
  });
});
