/**
 * One emulated amp in a process of its own (run by `addAmpProcess`, cloud.ts, as `node --import tsx amp-child.ts
 * '{json options}'` with an IPC channel): the amp, its device API on a local WebSocket and its cloud agent, as on a
 * real amp, which is a device apart from the cloud and from the browser. The agent registers with the registration
 * token it is given; the process then tells its parent the device id and the local port, answers `read` requests
 * with the amp's own state at a url (the bench's checks) and stops on `stop`.
 */
import { register, registeredId, startLocalAmp } from './bench-amp';
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

const { amp, port, stop } = await startLocalAmp(opts.n, opts.ip);
const exit = async () => {
  await stop();
  process.exit(0);
};
process.on('message', (m: AmpChildRequest) => {
  if (m.type === 'read') send({ type: 'read', id: m.id, value: amp.read(m.url) });
  else void exit();
});
process.on('disconnect', () => void exit());

register(amp, opts.registrationToken, opts.registrationEndpoint);
const end = Date.now() + 15_000;
for (;;) {
  const id = registeredId(amp);
  if (id !== undefined) {
    send({ type: 'ready', deviceId: id, port });
    break;
  }
  if (Date.now() > end) {
    send({ type: 'failed', error: `amp ${opts.n} did not register within 15 s` });
    break;
  }
  await sleep(25);
}
