import { getModel, UAC_LEVELS } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { channelOfUrl, fanOut } from './fan-out';
import { createLinkStore } from './link-store';

const model = getModel('CDS-508');
const write = () => UAC_LEVELS.Write;
const ctx = { model, access: write };

describe('linked channels: the fan-out of a write (issue 18)', () => {
  it('writes the same path on every other linked channel, the user’s own write first', () => {
    const plan = fanOut('/amp/channels/1/output', { fader: -6 }, [1, 2, 4], ctx);
    expect(plan).toEqual({
      writes: [
        { url: '/amp/channels/1/output', params: { fader: -6 } },
        { url: '/amp/channels/2/output', params: { fader: -6 } },
        { url: '/amp/channels/4/output', params: { fader: -6 } },
      ],
      skipped: [],
    });
  });

  it('fans out EQ bands, crossover filters and limiters at their own paths', () => {
    const eq = fanOut('/amp/channels/3/outputEqFilters/2', { gain: 6, q: 2 }, [2, 3], ctx);
    expect(eq?.writes[1]).toEqual({ url: '/amp/channels/2/outputEqFilters/2', params: { gain: 6, q: 2 } });
    const hp = fanOut('/amp/channels/2/crossover/highPassFilter', { frequency: 120 }, [2, 3], ctx);
    expect(hp?.writes[1]?.url).toBe('/amp/channels/3/crossover/highPassFilter');
    const rms = fanOut('/amp/channels/2/rmsLimiter', { threshold: 40 }, [2, 3], ctx);
    expect(rms?.writes[1]).toEqual({ url: '/amp/channels/3/rmsLimiter', params: { threshold: 40 } });
  });

  it('is a plain write outside a linked channel, with fewer than two linked, and off /amp/channels', () => {
    expect(fanOut('/amp/channels/3/output', { fader: -6 }, [1, 2], ctx)).toBeUndefined();
    expect(fanOut('/amp/channels/1/output', { fader: -6 }, [1], ctx)).toBeUndefined();
    expect(fanOut('/amp/signalGenerator', { type: 'Tone' }, [1, 2], ctx)).toBeUndefined();
    expect(fanOut('/amp/channelsX/1/output', { fader: 0 }, [1, 2], ctx)).toBeUndefined();
  });

  it('keeps a channel’s name and Smart Power Bridge to the channel written', () => {
    expect(fanOut('/amp/channels/1/output', { name: 'Sub L' }, [1, 2], ctx)).toBeUndefined();
    expect(fanOut('/amp/channels/1/output', { super8: true }, [1, 2], ctx)).toBeUndefined();
    // a write of several fields links the others only
    const plan = fanOut('/amp/channels/1/output', { name: 'Sub L', mute: true }, [1, 2], ctx);
    expect(plan?.writes).toEqual([
      { url: '/amp/channels/1/output', params: { name: 'Sub L', mute: true } },
      { url: '/amp/channels/2/output', params: { mute: true } },
    ]);
  });

  it('leaves out, with the reason, a linked channel whose field is locked (UAC, speaker tuning)', () => {
    const locked = (url: string) => (url.startsWith('/amp/channels/2/') ? UAC_LEVELS.Locked : UAC_LEVELS.Write);
    const plan = fanOut('/amp/channels/1/outputEqFilters/1', { gain: 3 }, [1, 2, 3], { model, access: locked });
    expect(plan?.writes.map((w) => w.url)).toEqual([
      '/amp/channels/1/outputEqFilters/1',
      '/amp/channels/3/outputEqFilters/1',
    ]);
    expect(plan?.skipped).toEqual([{ channel: 2, reason: 'locked' }]);
  });

  it('leaves out a linked channel the model does not have', () => {
    const plan = fanOut('/amp/channels/1/output', { fader: -1 }, [1, 9], ctx);
    expect(plan?.writes).toHaveLength(1);
    expect(plan?.skipped).toEqual([{ channel: 9, reason: 'missing' }]);
  });

  it('reads the channel of a url', () => {
    expect(channelOfUrl('/amp/channels/12/output')).toEqual({ channel: 12, rest: '/output' });
    expect(channelOfUrl('/amp/channels/3')).toEqual({ channel: 3, rest: '' });
    expect(channelOfUrl('/amp/inputs/analog/1')).toBeUndefined();
  });
});

describe('the link store', () => {
  it('links two or more channels per amp (sorted), unlinks, and keeps the last refusal until dismissed', () => {
    const store = createLinkStore();
    let changes = 0;
    store.subscribe(() => changes++);
    store.link('a', [3, 1, 3]);
    expect(store.linksOf('a').channels).toEqual([1, 3]);
    expect(store.linksOf('b').channels).toEqual([]);
    store.link('a', [2]);
    expect(store.linksOf('a').channels).toEqual([]);
    store.link('a', [1, 2]);
    store.refused('a', [2], 'locked');
    expect(store.linksOf('a').refusal).toMatchObject({ channels: [2], reason: 'locked' });
    store.dismissRefusal('a');
    expect(store.linksOf('a')).toEqual({ channels: [1, 2], across: {} });
    store.unlink('a');
    expect(store.linksOf('a').channels).toEqual([]);
    expect(changes).toBe(6);
  });
});
