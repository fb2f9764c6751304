import { describe, expect, it } from 'vitest';
import { channelFaultReason, openChannelConditions } from './fault-reason';

const log = (...lines: string[]) => lines.map((l, i) => `2026-11-27T08:0${i}:00.000Z ${l}`).join('\n');
const faulted = { status: 'Faulted', thermal: false, powerSupplyFault: false };

describe('channelFaultReason (issue 18)', () => {
  it('is nothing for a channel that is not Faulted, whatever the log says', () => {
    expect(channelFaultReason({ ...faulted, status: 'Ok', faultsLog: log('Channel 1: load short') }, 1)).toBe(
      undefined,
    );
  });

  it("reads the channel's newest condition still open in the faults log", () => {
    const faultsLog = log(
      'Channel 1: thermal warning',
      'Channel 2: load open',
      'Channel 1: load short',
      'Channel 1: thermal warning cleared',
    );
    expect(channelFaultReason({ ...faulted, faultsLog }, 1)).toEqual({ kind: 'logged', text: 'load short' });
    expect(channelFaultReason({ ...faulted, faultsLog }, 2)).toEqual({ kind: 'logged', text: 'load open' });
  });

  it('skips conditions cleared since, and does not mistake channel 1 for channel 12', () => {
    const faultsLog = log('Channel 12: load short', 'Channel 1: load short', 'Channel 1: load short cleared');
    expect(openChannelConditions(faultsLog, 1)).toEqual([]);
    expect(channelFaultReason({ ...faulted, faultsLog, thermal: true }, 1)).toEqual({ kind: 'thermal' });
    expect(channelFaultReason({ ...faulted, faultsLog }, 1)).toEqual({ kind: 'unknown' });
  });

  it('names a power-supply fault first: every channel is down for it', () => {
    const faultsLog = log('Channel 1: load short');
    expect(channelFaultReason({ ...faulted, faultsLog, powerSupplyFault: true }, 1)).toEqual({ kind: 'powerSupply' });
  });
});
