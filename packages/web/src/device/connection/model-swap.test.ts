import { getModel } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFleet } from '../../testing/fake-client';
import { DELTA_BATCH_MS } from './delta-batcher';
import { takeModelChange } from './model-swap';

const URL_B = 'ws://10.0.0.2:1234';

function setup() {
  const f = fakeFleet();
  f.attacher.add('10.0.0.2', URL_B);
  const client = f.clients.latest(URL_B);
  return { ...f, client, take: () => takeModelChange(f.fleet, '10.0.0.2', f.rec('10.0.0.2')) };
}

describe('takeModelChange', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('leaves notifications of an amp whose model is unknown to the batcher', () => {
    const { client, take, dispatch } = setup();
    client.emitDelta({ misc: {} });
    dispatch.mockClear();
    expect(take()).toBe(false);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('hands the whole tree to the store with the model id once the model becomes known', () => {
    const { client, take, entry } = setup();
    client.emitDelta({ misc: { findMe: true } });
    client.emitDelta({ amp: { deviceInfo: { modelID: getModel('704D').modelID } } });
    expect(take()).toBe(true);
    expect(entry('10.0.0.2')?.modelId).toBe('704D');
    expect(entry('10.0.0.2')?.state.misc?.findMe).toBe(true);
    expect(take()).toBe(false); // the same model again: notifications go through the batcher
  });

  it('an amp swapped for another model replaces what the list showed and drops what was pending', async () => {
    const { client, take, entry, fleet, rec } = setup();
    client.emitDelta({ amp: { deviceInfo: { modelID: getModel('704D').modelID } } });
    take();
    rec('10.0.0.2').infoRequested = true;
    fleet.batcher.add('10.0.0.2', { amp: { channels: { '7': { output: { mute: true } } } } });
    // the new amp at the same address: a fresh client tree
    client.state = {};
    client.model = undefined;
    client.emitDelta({ amp: { deviceInfo: { modelID: getModel('354N').modelID } } });
    expect(take()).toBe(true);
    await vi.advanceTimersByTimeAsync(DELTA_BATCH_MS);
    expect(entry('10.0.0.2')?.modelId).toBe('354N');
    expect(entry('10.0.0.2')?.state.amp?.channels?.['7']).toBeUndefined();
    expect(rec('10.0.0.2').infoRequested).toBe(false); // its field schemas are asked for again
  });
});
