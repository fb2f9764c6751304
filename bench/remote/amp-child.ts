/**
 * One emulated amp in a process of its own (run by `addAmpProcess`, cloud.ts, as `node --import tsx amp-child.ts
 * '{json options}'` with an IPC channel): the amp, its device API on a local WebSocket and its cloud agent, as on a
 * real amp, which is a device apart from the cloud and from the browser. The agent registers with the registration
 * token it is given; the process then tells its parent the device id and the local port, answers `read` requests
 * with the amp's own state at a url (the bench's checks) and stops on `stop`.
 */
import { Amp, bootState, fleetIdentity, mqttConnector, startCloudAgent, startDeviceApi } from '@rackside/amp-sim';
import { getModel } from '@rackside/protocol';
import { sleep } from '../stats';

/** What the parent sends, and what this process answers. */
export type AmpChildRequest = { type: 'read'; id: number; url: string } | { type: 'stop' };
export type AmpChildMessage =
  | { type: 'ready'; deviceId: string; port: number }
  | { type: 'read'; id: number; value: unknown }
  | { type: 'failed'; error: string };

const opts = JSON.parse(process.argv[2] ?? '{}') as {
  n: number;
  ip: string;
  registrationToken: string;
  registrationEndpoint: string;
};
const send = (m: AmpChildMessage) => process.send?.(m);

const identity = fleetIdentity(getModel('704D'), opts.n, opts.ip);
const amp = new Amp(identity);
amp.apply(bootState(identity), 'amp');
const direct = await startDeviceApi(amp, { host: opts.ip, port: 0 });
const agent = startCloudAgent(amp, {
  connector: mqttConnector({ reconnectMs: 300 }),
  backoff: { initialMs: 100, maxMs: 500 },
});

const stop = async () => {
  await Promise.race([agent.stop(), sleep(2000)]);
  await direct.close();
  amp.dispose();
  process.exit(0);
};
process.on('message', (m: AmpChildRequest) => {
  if (m.type === 'read') send({ type: 'read', id: m.id, value: amp.read(m.url) });
  else void stop();
});
process.on('disconnect', () => void stop());

amp.apply(
  { cloud: { registrationToken: opts.registrationToken, registrationEndpoint: opts.registrationEndpoint } },
  'client',
);
const end = Date.now() + 15_000;
for (;;) {
  const id = amp.state.cloud.deviceId;
  if (typeof id === 'string' && id !== '') {
    send({ type: 'ready', deviceId: id, port: direct.port });
    break;
  }
  if (Date.now() > end) {
    send({ type: 'failed', error: `amp ${opts.n} did not register within 15 s` });
    break;
  }
  await sleep(25);
}
