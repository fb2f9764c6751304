import { getModel, UAC_LEVELS } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { fanOutToAmps } from './fan-out';
import { createLinkStore, linkedPlaces } from './link-store';

const cds = { model: getModel('CDS-508'), access: () => UAC_LEVELS.Write };
const fourChannels = { model: getModel('704D'), access: () => UAC_LEVELS.Write };

describe('linked channels across amps (issue 18)', () => {
  it('links the same channel of several amps, on every amp of the link, and each amp leaves it alone', () => {
    const store = createLinkStore();
    let changes = 0;
    store.subscribe(() => changes++);
    store.linkAcross('a', 1, ['b', 'c']);
    expect(store.linksOf('a').across).toEqual({ 1: ['b', 'c'] });
    expect(store.linksOf('b').across).toEqual({ 1: ['a', 'c'] });
    expect(store.linksOf('c').across).toEqual({ 1: ['a', 'b'] });
    // exactly the amps ticked: c leaves a's link, b and c stay unlinked from each other
    store.linkAcross('a', 1, ['b']);
    expect(store.linksOf('b').across).toEqual({ 1: ['a'] });
    expect(store.linksOf('c').across).toEqual({});
    store.linkAcross('a', 2, ['c']);
    store.link('a', [1, 2]);
    store.unlink('a'); // the channels of one amp only
    expect(store.linksOf('a').across).toEqual({ 1: ['b'], 2: ['c'] });
    store.unlinkAcross('b', 1);
    expect(store.linksOf('a').across).toEqual({ 2: ['c'] });
    store.unlinkAcross('a');
    expect(store.linksOf('c')).toEqual({ channels: [], across: {} });
    expect(changes).toBe(7);
  });

  it('finds every place a change goes: linked channels here, the same channel across, and on from there', () => {
    const store = createLinkStore();
    store.link('a', [1, 2]);
    store.linkAcross('a', 2, ['b']);
    store.link('b', [2, 4]);
    store.linkAcross('b', 4, ['c']);
    expect([...linkedPlaces(store.linksOf, 'a', 1)]).toEqual([
      ['a', [1, 2]],
      ['b', [2, 4]],
      ['c', [4]],
    ]);
    expect([...linkedPlaces(store.linksOf, 'c', 4)]).toEqual([
      ['c', [4]],
      ['b', [2, 4]],
      ['a', [1, 2]],
    ]);
    expect([...linkedPlaces(store.linksOf, 'a', 3)]).toEqual([['a', [3]]]);
  });

  it('writes the same path on each other amp, leaving out amps not connected or not signed in to, locked fields and missing channels', () => {
    const locked = {
      ...cds,
      access: (url: string) => (url.endsWith('/fader') ? UAC_LEVELS.Readonly : UAC_LEVELS.Write),
    };
    const plans = fanOutToAmps('/amp/channels/1/output', { fader: -6, name: 'Left' }, [
      { ampId: 'b', channels: [1], ctx: cds },
      { ampId: 'c', channels: [1], ctx: 'offline' },
      { ampId: 'g', channels: [1], ctx: 'guest' },
      { ampId: 'd', channels: [1], ctx: locked },
      { ampId: 'e', channels: [1, 8], ctx: fourChannels },
    ]);
    expect(plans).toEqual([
      { ampId: 'b', writes: [{ url: '/amp/channels/1/output', params: { fader: -6 } }], skipped: [] },
      { ampId: 'c', writes: [], skipped: [{ channel: 1, reason: 'offline' }] },
      { ampId: 'g', writes: [], skipped: [{ channel: 1, reason: 'guest' }] },
      { ampId: 'd', writes: [], skipped: [{ channel: 1, reason: 'locked' }] },
      {
        ampId: 'e',
        writes: [{ url: '/amp/channels/1/output', params: { fader: -6 } }],
        skipped: [{ channel: 8, reason: 'missing' }],
      },
    ]);
  });

  it('sends no write across for a channel’s name alone or off /amp/channels', () => {
    const targets = [{ ampId: 'b', channels: [1], ctx: cds }];
    expect(fanOutToAmps('/amp/channels/1/output', { name: 'Left' }, targets)).toEqual([]);
    expect(fanOutToAmps('/amp/signalGenerator', { type: 'Tone' }, targets)).toEqual([]);
  });
});
