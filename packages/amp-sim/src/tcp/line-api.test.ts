import { connect, type Socket } from 'node:net';
import { getModel } from '@rackside/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { Amp } from '../amp';
import { startLineApi, type LineApiOptions } from './line-api';

const makeAmp = () =>
  new Amp({
    model: getModel('704D'),
    ip: '127.0.0.1',
    mac: '00:11:22:33:44:55',
    serialNumber: 'SN1',
    deviceName: 'Amp',
    firmwareVersion: '1.0.0.0',
  });

/** A raw TCP client that collects answer lines. */
class LineClient {
  readonly lines: string[] = [];
  closed = false;
  private partial = '';
  private waiters: Array<() => void> = [];
  constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      const parts = (this.partial + text).split('\n');
      this.partial = parts.pop() ?? '';
      this.lines.push(...parts);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }
  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }
  send(text: string): void {
    this.socket.write(text);
  }
  /** Resolves with the next n lines (fails after 2 s). */
  async take(n: number): Promise<string[]> {
    const deadline = Date.now() + 2000;
    while (this.lines.length < n) {
      if (this.closed || Date.now() > deadline)
        throw new Error(`got ${this.lines.length} of ${n} lines: ${this.lines.join(' | ')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.lines.splice(0, n);
  }
  async ask(command: string, n = 1): Promise<string[]> {
    this.send(command + '\n');
    return this.take(n);
  }
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(amp = makeAmp(), extra: Partial<LineApiOptions> = {}) {
  const server = await startLineApi(amp, { host: '127.0.0.1', port: 0, ...extra });
  cleanups.push(
    () => server.close(),
    () => amp.dispose(),
  );
  const client = async () => {
    const socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    cleanups.push(() => void socket.destroy());
    return new LineClient(socket);
  };
  return { amp, server, client };
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('line API on TCP', () => {
  it('gets single values and whole subtrees', async () => {
    const { client } = await start();
    const c = await client();
    expect(await c.ask('get /amp/channels/1/output/fader')).toEqual(['/amp/channels/1/output/fader 0']);
    expect(await c.ask('get /amp/channels/1/output/mute')).toEqual(['/amp/channels/1/output/mute false']);
    expect(await c.ask('get amp/signalGenerator', 2)).toEqual([
      '/amp/signalGenerator/type "Pink Noise"',
      '/amp/signalGenerator/frequency 1000',
    ]);
    expect(await c.ask('get /amp/channels/1/output/name')).toEqual(['/amp/channels/1/output/name "Channel 1"']);
  });

  it('sets values and answers OK; verbs are case-insensitive and CRLF works', async () => {
    const { amp, client } = await start();
    const c = await client();
    expect(await c.ask('SET /amp/channels/2/output/mute true')).toEqual(['OK']);
    expect(await c.ask('Set /amp/channels/2/output/fader -12.5\r')).toEqual(['OK']);
    expect(await c.ask('set /amp/signalGenerator/type Tone')).toEqual(['OK']);
    expect(amp.state.amp?.channels['2']?.output).toMatchObject({ mute: true, fader: -12.5 });
    expect(await c.ask('GeT /amp/channels/2/output/fader')).toEqual(['/amp/channels/2/output/fader -12.5']);
    expect(await c.ask('get /amp/signalGenerator/type')).toEqual(['/amp/signalGenerator/type Tone']);
  });

  it('reads and writes quoted strings with spaces and escapes', async () => {
    const { amp, client } = await start();
    const c = await client();
    expect(await c.ask('set /amp/deviceInfo/deviceName "Stage \\"Left\\" Rack"')).toEqual(['OK']);
    expect(amp.state.amp?.deviceInfo.deviceName).toBe('Stage "Left" Rack');
    expect(await c.ask('get /amp/deviceInfo/deviceName')).toEqual([
      '/amp/deviceInfo/deviceName "Stage \\"Left\\" Rack"',
    ]);
    expect(await c.ask('set /amp/deviceInfo/rackName "42"')).toEqual(['OK']);
    expect(await c.ask('get /amp/deviceInfo/rackName')).toEqual(['/amp/deviceInfo/rackName "42"']);
    expect(await c.ask('set /amp/signalGenerator/type "White Noise"')).toEqual(['OK']);
    expect(amp.state.amp?.signalGenerator.type).toBe('White Noise');
  });

  it('clamps out-of-range numbers silently', async () => {
    const { client } = await start();
    const c = await client();
    expect(await c.ask('set /amp/channels/1/output/fader -300')).toEqual(['OK']);
    expect(await c.ask('get /amp/channels/1/output/fader')).toEqual(['/amp/channels/1/output/fader -80']);
  });

  it.each([
    ['frob /amp', /^error: unknown command 'frob'/],
    ['get', /^error: get needs a url$/],
    ['get /amp/nope', /^error: unknown url \/amp\/nope/],
    ['get /Amp/channels/1/output/mute', /^error: unknown url/],
    ['set /amp/channels/1/output/fader loud', /^error: .*expects a number/],
    ['set /amp/channels/1/output/mute maybe', /^error: .*expects true or false/],
    ['set /amp/signalGenerator/type Square', /^error: .*not one of the choices/],
    ['set /amp/deviceInfo/deviceName Stage Left', /^error: string values with spaces must be in double quotes$/],
    ['set /amp/deviceInfo/deviceName "Stage', /^error: missing closing double quote$/],
    ['set /amp/deviceInfo/serialNumber X', /^error: .*read-only/],
    ['set /amp/channels/1/output 3', /^error: set needs the url of a single value/],
    ['set /amp/channels/1/output/mute', /^error: set .* needs a value$/],
    ['set /misc/clearLogs true', /^error: .*write-only action/],
  ])('answers %j with an error line and keeps the connection', async (command, pattern) => {
    const { amp, client } = await start();
    const before = structuredClone(amp.state);
    const c = await client();
    const [line] = await c.ask(command);
    expect(line).toMatch(pattern);
    expect(amp.state).toEqual(before);
    expect(await c.ask('get /amp/channels/1/output/mute')).toEqual(['/amp/channels/1/output/mute false']);
  });

  it('refuses properties held by a locked speaker-tuning group', async () => {
    const { amp, client } = await start();
    amp.apply({ lockedProperties: { groups: { g1: { key: 'k', properties: ['/amp/channels/1/crossover'] } } } });
    const c = await client();
    expect(await c.ask('set /amp/channels/1/crossover/bandGainAndDelay/gain 3')).toEqual([
      'error: /amp/channels/1/crossover/bandGainAndDelay/gain is locked by speaker tunings',
    ]);
    expect(await c.ask('set /amp/channels/2/crossover/bandGainAndDelay/gain 3')).toEqual(['OK']);
  });

  it('streams subscribed changes until unsubscribed', async () => {
    const { amp, client } = await start();
    const watcher = await client();
    const setter = await client();
    expect(await watcher.ask('subscribe /amp/channels/1/output/mute')).toEqual(['/amp/channels/1/output/mute false']);
    expect(await setter.ask('set /amp/channels/1/output/mute true')).toEqual(['OK']);
    expect(await watcher.take(1)).toEqual(['/amp/channels/1/output/mute true']);
    amp.apply({ amp: { channels: { '1': { output: { mute: false, fader: -3 } } } } }, 'amp');
    expect(await watcher.take(1)).toEqual(['/amp/channels/1/output/mute false']); // fader is not subscribed
    expect(await watcher.ask('unsubscribe /amp/channels/1/output/mute')).toEqual(['OK']);
    await setter.ask('set /amp/channels/1/output/mute true');
    await settle();
    expect(watcher.lines).toEqual([]);
  });

  it('streams every changed leaf under a subscribed subtree', async () => {
    const { amp, client } = await start();
    const c = await client();
    const initial = await c.ask('subscribe /amp/channels/3/output', 1);
    expect(initial[0]).toBe('/amp/channels/3/output/name "Channel 3"');
    await settle();
    c.lines.length = 0;
    amp.apply({ amp: { channels: { '3': { output: { fader: -6, name: 'Sub' } }, '4': { output: { mute: true } } } } });
    expect(await c.take(2)).toEqual(['/amp/channels/3/output/fader -6', '/amp/channels/3/output/name Sub']);
  });

  it('answers nothing until the newline arrives, and commands may arrive in pieces', async () => {
    const { client } = await start();
    const c = await client();
    c.send('get /amp/channels/1/output/fa');
    await settle();
    expect(c.lines).toEqual([]);
    c.send('der\nget /amp/channels/1/output/mute\nget /amp/signal');
    expect(await c.take(2)).toEqual(['/amp/channels/1/output/fader 0', '/amp/channels/1/output/mute false']);
    await settle();
    expect(c.lines).toEqual([]);
    c.send('Generator/frequency\n\n\n');
    expect(await c.take(1)).toEqual(['/amp/signalGenerator/frequency 1000']);
    await settle();
    expect(c.lines).toEqual([]); // empty lines get no answer
  });

  it('refuses a line over the limit once and recovers at the next newline', async () => {
    const { client } = await start(makeAmp(), { maxLineBytes: 100 });
    const c = await client();
    c.send('set /amp/deviceInfo/deviceName "' + 'x'.repeat(300));
    expect(await c.take(1)).toEqual(['error: line too long']);
    c.send('y'.repeat(300));
    c.send('"\nget /amp/channels/1/output/mute\n');
    expect(await c.take(1)).toEqual(['/amp/channels/1/output/mute false']);
    expect(await c.ask(`get /${'a'.repeat(200)}`)).toEqual(['error: line too long']);
  });

  it('closes connections while the network is unplugged and accepts them again afterwards', async () => {
    const { amp, client } = await start();
    const c = await client();
    amp.unplugNetwork(60_000);
    await settle();
    expect(c.closed).toBe(true);
    const refused = await client();
    await settle();
    expect(refused.closed).toBe(true);
    amp.unplugNetwork(0);
    const again = await client();
    expect(await again.ask('get /amp/channels/1/output/mute')).toEqual(['/amp/channels/1/output/mute false']);
  });
});
