import { DeviceErrorCode, getModel } from '@rackside/protocol';
import { ConnectionError, DeviceCallError } from '@rackside/device-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFleet } from '../../testing/fake-client';
import { takeModelChange } from './model-swap';
import { writeInstantly } from './writes';

const URL_B = 'ws://10.0.0.2:1234';
const OUTPUT = '/amp/channels/1/output';

function setup() {
  const f = fakeFleet();
  f.attacher.add('10.0.0.2', URL_B);
  const client = f.clients.latest(URL_B);
  client.emitState('CONNECTED');
  client.emitDelta({
    amp: {
      deviceInfo: { modelID: getModel('704D').modelID },
      channels: { '1': { output: { mute: false, fader: -10 } } },
    },
  });
  takeModelChange(f.fleet, '10.0.0.2', f.rec('10.0.0.2'));
  const connectParked = vi.fn();
  const write = (params: Record<string, unknown>) => writeInstantly(f.fleet, '10.0.0.2', OUTPUT, params, connectParked);
  const output = () => f.entry('10.0.0.2')?.state.amp?.channels?.['1']?.output;
  return { ...f, client, write, output, connectParked };
}

describe('writeInstantly', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a write at once, clamped to the range of the field, before the amp answers', async () => {
    const { client, write, output } = setup();
    let answer: (v: unknown) => void = () => undefined;
    client.set.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const writing = write({ fader: 6 });
    expect(output()?.fader).toBe(0);
    expect(client.set).toHaveBeenCalledWith(OUTPUT, { fader: 6 });
    answer('OK');
    await writing;
    expect(output()?.fader).toBe(0);
  });

  it('a write the amp refuses rolls the field back and rejects with its error', async () => {
    const { client, write, output } = setup();
    client.set.mockRejectedValueOnce(new DeviceCallError(DeviceErrorCode.Forbidden, 'no', 'set', OUTPUT));
    const writing = write({ mute: true });
    expect(output()?.mute).toBe(true);
    await expect(writing).rejects.toThrow('no');
    expect(output()?.mute).toBe(false);
  });

  it('a write to an amp the console does not know fails without touching the store', async () => {
    const { fleet, dispatch } = setup();
    dispatch.mockClear();
    await expect(writeInstantly(fleet, '10.0.0.9', OUTPUT, { mute: true }, vi.fn())).rejects.toBeInstanceOf(
      ConnectionError,
    );
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('a write to a parked amp connects it first, then writes over the new connection', async () => {
    const { attacher, rec, clients, connectParked, write } = setup();
    attacher.detach(rec('10.0.0.2'));
    connectParked.mockImplementationOnce((ampId: string, r: ReturnType<typeof rec>) => {
      attacher.attach(ampId, r, undefined, { quiet: true });
      queueMicrotask(() => clients.latest(URL_B).emitState('CONNECTED'));
    });
    await write({ mute: true });
    expect(connectParked).toHaveBeenCalledTimes(1);
    expect(clients.latest(URL_B).set).toHaveBeenCalledWith(OUTPUT, { mute: true });
  });
});
