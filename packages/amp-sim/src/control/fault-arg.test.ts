import { describe, expect, it } from 'vitest';
import { parseFaultArg } from './fault-arg';

describe('parseFaultArg', () => {
  it.each([
    ['2:short', { type: 'short', channel: 2 }],
    ['3:open', { type: 'open', channel: 3 }],
    ['1:overheat', { type: 'overheat', channel: 1 }],
    ['3:warning', { type: 'warning', channel: 3 }],
    ['3:warning=Fan running slow', { type: 'warning', channel: 3, text: 'Fan running slow' }],
    ['ps:fail', { type: 'powerSupplyFail' }],
    ['PS:Warning', { type: 'warning' }],
    ['net:10', { type: 'unplugNetwork', seconds: 10 }],
    ['fw:1.6.0.0', { type: 'firmware', version: '1.6.0.0' }],
    ['analog1:drop', { type: 'dropInput', input: 'analog', n: 1 }],
    ['dante:drop', { type: 'dropInput', input: 'dante' }],
    [' clear ', { type: 'clear' }],
  ])('%s', (arg, fault) => {
    expect(parseFaultArg(arg)).toEqual(fault);
  });

  it.each([
    ['short', /invalid --fault 'short': missing ':'/],
    ['2:melt', /unknown channel action 'melt'/],
    ['9:short', /channel: Too big/],
    ['0:open', /channel: Too small/],
    ['ps:explode', /unknown power supply action 'explode'/],
    ['net:soon', /'soon' is not a number of seconds/],
    ['net:0', /seconds: Too small/],
    ['fw:1.6', /firmware version must be four dotted numbers/],
    ['aes1:drop', /unknown target 'aes1'/],
    ['analog1:mute', /unknown input action 'mute'/],
    ['2:short=now', /only a warning takes '=text'/],
  ])('refuses %s', (arg, message) => {
    expect(() => parseFaultArg(arg)).toThrow(message);
  });

  it('names the grammar in its errors', () => {
    expect(() => parseFaultArg('x')).toThrow(/expected <channel>:short\|open\|overheat/);
  });
});
