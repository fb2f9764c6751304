import { DeviceErrorCode, getModel } from '@rackside/protocol';
import { DeviceCallError } from '@rackside/device-client';
import { describe, expect, it } from 'vitest';
import { fakeFleet } from '../../testing/fake-client';
import { fetchSummary } from './summary';
import { summaryUrls } from './summary-urls';

const URL_B = 'ws://10.0.0.2:1234';

function setup() {
  const f = fakeFleet();
  f.attacher.add('10.0.0.2', URL_B);
  return { ...f, client: f.clients.latest(URL_B) };
}

describe('fetchSummary', () => {
  it("fetches the subtrees the amp's card reads, the channels of its model included", async () => {
    const { fleet, client } = setup();
    client.emitState('CONNECTED');
    client.emitDelta({ amp: { deviceInfo: { modelID: getModel('704D').modelID } } });
    await fetchSummary(fleet, '10.0.0.2');
    // and the touch panels the amp proxies (spec 2 §1), listed beside the amps
    expect(client.get.mock.calls.map(([u]) => u)).toEqual([...summaryUrls(getModel('704D')), '/NSTProxy']);
  });

  it('asks nothing of an amp that is not connected', async () => {
    const { fleet, client } = setup();
    await fetchSummary(fleet, '10.0.0.2');
    expect(client.get).not.toHaveBeenCalled();
  });

  it('an amp that refuses a subtree shows that its data could not be fetched, until a fetch succeeds', async () => {
    const { fleet, client, entry } = setup();
    client.emitState('CONNECTED');
    client.get.mockRejectedValueOnce(new DeviceCallError(DeviceErrorCode.Forbidden, 'no', 'get', '/misc'));
    await fetchSummary(fleet, '10.0.0.2');
    expect(entry('10.0.0.2')?.error).toBe('failedToGetDeviceData');
    await fetchSummary(fleet, '10.0.0.2');
    expect(entry('10.0.0.2')?.error).toBeNull();
  });

  it('a lost connection is not a data error (the connection state shows it)', async () => {
    const { fleet, client, entry } = setup();
    client.emitState('CONNECTED');
    client.get.mockRejectedValueOnce(new Error('socket closed'));
    await fetchSummary(fleet, '10.0.0.2');
    expect(entry('10.0.0.2')?.error).toBeNull();
  });
});
