/**
 * `npm run sim -- [flags]`: runs a fleet of emulated amps until interrupted. See README "Running emulated amps".
 */
import { parseArgs } from 'node:util';
import { parseFaultArg } from './control/fault-arg';
import { DEFAULT_FLEET_MODELS, defaultFleetFaults, describeFleet, startFleet, type FleetOptions } from './fleet';

const USAGE = `usage: npm run sim -- [--amps N] [--models 704D,354N,...] [--base 127.0.1.1] [--port 1234]
       [--tcp-port 4321] [--http-port 8080] [--password P] [--uac KEY] [--speed X] [--data DIR]
       [--fault SPEC[@AMP]]... [--touch N] [--no-cloud-agent] [--dev-cloud URL]
  --dev-cloud: a local cloud's registration URL (http://127.0.0.1:8090/api/devices/register); the amps' consoles
               then offer the development and test regions on Connect to account, pointing there
  --fault examples: 2:short@3 (amp 3, channel 2), ps:fail@1, net:10@2, fw:1.6.0.0@1, analog1:drop@4, clear`;

const positiveInt = (name: string, v: string | undefined, def: number, min = 1): number => {
  if (v === undefined) return def;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}, got '${v}'`);
  return n;
};

const devCloudUrl = (v: string): string => {
  if (!URL.canParse(v) || !/^https?:$/.test(new URL(v).protocol))
    throw new Error(`--dev-cloud must be an http(s) URL, got '${v}'`);
  return v;
};

/** Turns command-line arguments into fleet options; throws with a clear message on bad input. */
export function parseCli(argv: string[]): FleetOptions & { help: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      amps: { type: 'string' },
      models: { type: 'string' },
      base: { type: 'string' },
      port: { type: 'string' },
      'tcp-port': { type: 'string' },
      'http-port': { type: 'string' },
      password: { type: 'string' },
      uac: { type: 'string' },
      speed: { type: 'string' },
      data: { type: 'string' },
      fault: { type: 'string', multiple: true },
      touch: { type: 'string' },
      'no-cloud-agent': { type: 'boolean' },
      'dev-cloud': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  const amps = positiveInt('amps', values.amps, 6);
  const speed = values.speed === undefined ? 1 : Number(values.speed);
  if (!(speed > 0) || !Number.isFinite(speed))
    throw new Error(`--speed must be a positive number, got '${values.speed}'`);
  const faults = (values.fault ?? []).map((spec) => {
    const at = spec.lastIndexOf('@');
    const amp = at >= 0 ? positiveInt('fault amp', spec.slice(at + 1), 1) - 1 : 0;
    if (amp >= amps) throw new Error(`--fault '${spec}' names amp ${amp + 1}, but the fleet has ${amps}`);
    return { amp, fault: parseFaultArg(at >= 0 ? spec.slice(0, at) : spec) };
  });
  return {
    help: values.help ?? false,
    amps,
    models: values.models
      ? values.models
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [...DEFAULT_FLEET_MODELS],
    base: values.base ?? '127.0.1.1',
    port: positiveInt('port', values.port, 1234, 0),
    tcpPort: positiveInt('tcp-port', values['tcp-port'], 4321, 0),
    httpPort: positiveInt('http-port', values['http-port'], 8080, 0),
    speed,
    touchPanels: positiveInt('touch', values.touch, 1, 0),
    faults: faults.length > 0 ? faults : defaultFleetFaults(amps),
    cloudAgent: !values['no-cloud-agent'],
    ...(values.password ? { password: values.password } : {}),
    ...(values.uac ? { uacKey: values.uac } : {}),
    ...(values.data ? { dataDir: values.data } : {}),
    ...(values['dev-cloud'] ? { devCloudEndpoint: devCloudUrl(values['dev-cloud']) } : {}),
  };
}

async function main(): Promise<void> {
  let opts: ReturnType<typeof parseCli>;
  try {
    opts = parseCli(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (opts.help) {
    console.log(USAGE);
    return;
  }
  const fleet = await startFleet(opts);
  console.log(describeFleet(fleet));
  console.log('Inject faults: POST http://<amp>:<http>/control/faults  {"type":"short","channel":2}. Ctrl-C stops.');
  const stop = () => {
    void fleet.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e: unknown) => {
    console.error(`amp emulator failed to start: ${(e as Error).message}`);
    process.exit(1);
  });
}
