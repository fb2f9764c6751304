/**
 * The instruction-count child (run under `valgrind --tool=callgrind --dump-before=uv_os_getpriority` by
 * instructions.ts): the round trips and fan-outs of round-trip.ts and fanout.ts, each path in its own phase.
 * `os.getPriority()` (libuv's uv_os_getpriority, called by nothing else here) marks the end of a phase: callgrind
 * dumps and zeroes its counters there, so each dump holds exactly one phase's instructions, client, amp and
 * libraries together (one process, as in the timed benches). The phases' names go to stdout in dump order.
 *
 * One path a process (instructions.ts starts one per path): what else a process ran would shape the type feedback of
 * the code the paths share (ws, Node's streams) and move a path's count; `all` runs every path in one process.
 *
 * Usage: node --single-threaded --no-flush-bytecode child.mjs <path|all> <iterations> <rounds> <clients> <base>
 *        <reps> <warm>
 * (bundled first by instructions.ts; `node --import tsx` runs it too, with far more start-up instructions)
 */
import { once } from 'node:events';
import { getPriority } from 'node:os';
import { nthAddress } from '@rackside/amp-sim';
import { getAt, notifyFrame } from '@rackside/protocol';
import { WebSocket } from 'ws';
import {
  bareServer,
  FADER,
  faderValue,
  jsonEchoServer,
  JsonPeer,
  newClient,
  oneAmp,
  OUTPUT_URL,
  rawText,
  RawPeer,
  readsFader,
  replyAround,
  requestText,
} from './peers';
import { PATHS, type PathName } from './instruction-paths';

const [only, iterations, rounds, clients, base, reps, warm] = [
  process.argv[2] ?? 'all',
  Number(process.argv[3] ?? 200),
  Number(process.argv[4] ?? 10),
  Number(process.argv[5] ?? 100),
  process.argv[6] ?? '127.0.26.1',
  Number(process.argv[7] ?? 3),
  Number(process.argv[8] ?? 5),
];

/** Connect and reply time-out of the child's DeviceClients: 100 connecting at once under valgrind take long. */
const SLOW_MS = 600_000;

const phases: string[] = [];
/** Ends a phase: callgrind dumps the counters gathered since the last mark. */
function mark(name: string): void {
  getPriority();
  phases.push(name);
}

const fleet = await oneAmp(base);
const { amp, physics, ports } = fleet.amps[0]!;
physics.stop();
const url = `ws://${amp.identity.ip}:${ports.ws}`;
const closers: (() => Promise<void> | void)[] = [() => fleet.close()];
const wanted = (p: string): boolean => only === 'all' || only === p;

const getRequest = requestText('get', OUTPUT_URL, undefined, 1000);
const setRequest = requestText('set', OUTPUT_URL, { fader: faderValue(122) }, 1000);
// the raw ws client of round-trip.ts, sending DeviceClient's request text to the amp: the emulator's share (and the
// reply texts the echo baseline answers with)
const raw = await RawPeer.connect(url);
closers.push(() => raw.close());
const getReply = await raw.request(getRequest);
const setReply = await raw.request(setRequest);

let n = 0;
let id = 0;
const paths: Partial<Record<PathName, () => Promise<unknown>>> = {
  'raw get': () => raw.request(requestText('get', OUTPUT_URL, undefined, ++id)),
  'raw set': () => raw.request(requestText('set', OUTPUT_URL, { fader: faderValue(n++) }, ++id)),
};

if (wanted('client get') || wanted('client set')) {
  const client = newClient(url, SLOW_MS);
  closers.push(() => client.close());
  await client.connected();
  paths['client get'] = () => client.get(OUTPUT_URL);
  paths['client set'] = () => client.set(OUTPUT_URL, { fader: faderValue(n++) });
}

if (wanted('bare get') || wanted('bare set')) {
  // the echo baseline of round-trip.ts: a canned reply of the amp's size
  const echo = await bareServer(nthAddress(base, 1));
  closers.push(() => echo.close());
  let cannedReply = getReply;
  echo.wss.on('connection', (ws) => ws.on('message', () => ws.send(cannedReply)));
  const bare = await RawPeer.connect(echo.url);
  closers.push(() => bare.close());
  paths['bare get'] = () => ((cannedReply = getReply), bare.request(getRequest));
  paths['bare set'] = () => ((cannedReply = setReply), bare.request(setRequest));
}

if (wanted('json get') || wanted('json set')) {
  // the JSON echo of round-trip.ts: the request parsed, the amp's reply with its id, the reply parsed
  let reply = replyAround(getReply);
  const echo = await jsonEchoServer(nthAddress(base, 4), () => reply);
  closers.push(() => echo.close());
  const json = await JsonPeer.connect(echo.url);
  closers.push(() => json.close());
  const [getAround, setAround] = [replyAround(getReply), replyAround(setReply)];
  paths['json get'] = () => ((reply = getAround), json.request('get', OUTPUT_URL, undefined));
  paths['json set'] = () => ((reply = setAround), json.request('set', OUTPUT_URL, { fader: faderValue(n++) }));
}

/** An amp of its own for a fan-out (physics stopped), at `address`: its url. */
async function fanoutAmp(address: string): Promise<string> {
  const fanFleet = await oneAmp(address);
  closers.push(() => fanFleet.close());
  const fanAmp = fanFleet.amps[0]!;
  fanAmp.physics.stop();
  return `ws://${fanAmp.amp.identity.ip}:${fanAmp.ports.ws}`;
}

/**
 * A fan-out's rounds on the amp at `url`, its subscribers connected: a writer (a DeviceClient) sets the next value
 * each round, which resolves once every subscriber has counted it (`waitFor` hands over the value and the callback).
 */
async function fanoutRounds(
  url: string,
  waitFor: (value: number, done: () => void) => void,
): Promise<() => Promise<void>> {
  const writer = newClient(url, SLOW_MS);
  closers.push(() => writer.close());
  await writer.connected();
  let round = 0;
  return async () => {
    const value = faderValue(round++);
    const all = new Promise<void>((done) => waitFor(value, done));
    await Promise.all([writer.set(OUTPUT_URL, { fader: value }), all]);
  };
}

if (wanted('client fanout')) {
  // the fan-out of fanout.ts, on an amp of its own: DeviceClients subscribed to `/`, one writer
  const fanUrl = await fanoutAmp(nthAddress(base, 3));
  const subscribers = Array.from({ length: clients }, () => newClient(fanUrl, SLOW_MS));
  closers.push(() => subscribers.forEach((c) => c.close()));
  await Promise.all(subscribers.map((c) => c.connected()));
  await Promise.all(subscribers.map((c) => c.subscribe('/')));
  let waiting: { value: number; left: number; done(): void } | undefined;
  const seen = new Array<number>(clients).fill(Number.NaN);
  subscribers.forEach((c, i) =>
    c.onChange((state) => {
      const f = getAt(state, FADER);
      if (!waiting || f !== waiting.value || seen[i] === f) return;
      seen[i] = f;
      if (--waiting.left === 0) waiting.done();
    }),
  );
  paths['client fanout'] = await fanoutRounds(fanUrl, (value, done) => (waiting = { value, left: clients, done }));
}

if (wanted('raw fanout')) {
  // the amp's share of fanout.ts: raw ws subscribers to `/` on an amp of its own, each finding the value in the
  // frame's text (parsing nothing, as the bare broadcast's clients)
  const fanUrl = await fanoutAmp(nthAddress(base, 6));
  const peers = await Promise.all(Array.from({ length: clients }, () => RawPeer.connect(fanUrl)));
  closers.push(() => peers.forEach((p) => p.close()));
  await Promise.all(peers.map((p, i) => p.request(requestText('subscribe', '/', undefined, i + 1))));
  let waiting: { text: string; left: number; done(): void } | undefined;
  for (const p of peers)
    p.ws.on('message', (data) => {
      if (waiting && rawText(data).includes(waiting.text) && --waiting.left === 0) waiting.done();
    });
  paths['raw fanout'] = await fanoutRounds(
    fanUrl,
    (value, done) => (waiting = { text: `"fader": ${JSON.stringify(value)}`, left: clients, done }),
  );
}

for (const kind of ['bare', 'json'] as const) {
  if (!wanted(`${kind} fanout`)) continue;
  // the baseline of fanout.ts: a bare ws server broadcasting a frame the size of the fader notify to raw clients
  // (json: each client parses it and reads the fader, the JSON broadcast)
  const frame = notifyFrame({ amp: { channels: { '1': { output: { fader: faderValue(122) } } } } });
  const broadcast = await bareServer(nthAddress(base, kind === 'bare' ? 2 : 5));
  closers.push(() => broadcast.close());
  let waiting: { left: number; done(): void } | undefined;
  const peers = Array.from({ length: clients }, () => new WebSocket(broadcast.url));
  closers.push(() => peers.forEach((ws) => ws.terminate()));
  for (const ws of peers)
    ws.on('message', (data) => {
      const text = rawText(data);
      if (kind === 'json' && !readsFader(text)) return;
      if (waiting && --waiting.left === 0) waiting.done();
    });
  await Promise.all(peers.map((ws) => once(ws, 'open')));
  while (broadcast.wss.clients.size < clients) await new Promise((r) => setTimeout(r, 5));
  paths[`${kind} fanout`] = async () => {
    const all = new Promise<void>((done) => (waiting = { left: clients, done }));
    for (const ws of broadcast.wss.clients) ws.send(frame);
    await all;
    waiting = undefined;
  };
}

const measured = PATHS.filter(wanted);
const size = (p: PathName): number => (p.endsWith('fanout') ? rounds : iterations);
async function run(p: PathName): Promise<void> {
  const f = paths[p]!;
  for (let i = 0; i < size(p); i++) await f();
}

// warm-up: the phases as measured, `warm` rounds (the JIT settles; with --single-threaded it compiles on the main
// thread). No forced gc between phases: in V8 a full gc drops optimised code of paths idle at the time, which the
// next phase then compiles again (it made most of each phase's count).
for (let w = 0; w < warm; w++) for (const p of measured) await run(p);
mark('warm-up');
for (let r = 0; r < reps; r++)
  for (const p of measured) {
    await run(p);
    mark(p);
  }

for (const c of closers.reverse()) await c();
console.log(JSON.stringify({ phases, iterations, rounds, clients }));
