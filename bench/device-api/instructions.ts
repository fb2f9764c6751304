/**
 * d. CPU instructions per round trip and per fan-out, Rackside beside the bare baseline: a measure the machine's load
 * cannot blur. `perf` is not available on these machines; valgrind's callgrind is. instructions-child.ts, bundled
 * with esbuild (so no TypeScript loader runs inside the measured process), runs under
 * `valgrind --tool=callgrind --dump-before=uv_os_getpriority`; the child calls os.getPriority() after each phase, and
 * callgrind writes one dump per phase with its instruction count (all threads; client, amp, ws, Node and V8 alike).
 *
 * One process a path (12: DeviceClient → amp, raw ws → amp, the bare echo and the JSON echo for get and set; the
 * fan-out to DeviceClients, the amp's share (its notify to raw ws subscribers), the bare and the JSON broadcast), two
 * at a time, each with the same start (one amp and a raw ws client): run together, the paths shaped
 * the type feedback of the code they share (ws, Node's streams), and a change to the client moved the bare echo's
 * count by 10 %. Each child runs with `--single-threaded` (V8 compiles and collects on the main thread, nothing is
 * left to a background thread to finish in the next phase) and `--no-flush-bytecode`; it warms its path up, then
 * measures it in `reps` phases. A path's figure is the median of its phases, leaving out the time V8 spent compiling
 * (the calls into its Runtime_Compile* entries): a phase now and then still carries a major GC or a
 * re-optimisation, which the median leaves out as well.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PATHS, type PathName } from './instruction-paths';

/** Sizes of an instruction count; the smaller defaults of the timed benches (valgrind runs ~50 × slower). */
export interface InstructionOptions {
  /** Round trips per phase and method (default 200). */
  readonly iterations?: number;
  /** Fan-out rounds per phase (default 10). */
  readonly rounds?: number;
  /** Subscribed clients of the fan-out, raw clients of the bare broadcast (default 100). */
  readonly clients?: number;
  /** Measured rounds of the phases; the median is kept (default 5). */
  readonly reps?: number;
  /** Unmeasured rounds of the phases first (default 8). */
  readonly warmupReps?: number;
  /**
   * First loopback address (the round trips' amp; echo +1, broadcast +2, fan-out amp +3, JSON echo +4, JSON broadcast
   * +5, the amp's share's amp +6). Default 127.0.26.1.
   */
  readonly base?: string;
  /** The valgrind to run (default `valgrind` on the PATH). */
  readonly valgrind?: string;
}

/** Instructions of one path per operation: the median of the rounds, and every round's figure. */
export interface InstructionFigure {
  readonly median: number;
  readonly rounds: readonly number[];
}

/** Rackside's path beside its bare baseline. */
export interface InstructionCase {
  readonly rackside: InstructionFigure;
  /**
   * The emulator's share without the client's: get and set, raw ws → amp with DeviceClient's request text; the
   * fan-out, the amp's notify to raw ws subscribers that parse nothing (as the bare broadcast's clients).
   */
  readonly rawToAmp: InstructionFigure;
  readonly bare: InstructionFigure;
  readonly ratio: number;
  /** The JSON echo / JSON broadcast (peers.ts): the JSON work any conforming pair does; not the target's baseline. */
  readonly json: InstructionFigure;
  readonly ratioJson: number;
}

/** What benchInstructions measured, or why it could not. */
export type InstructionResult =
  | { readonly available: false; readonly reason: string }
  | {
      readonly available: true;
      /** How the instructions were counted, for the printed line. */
      readonly tool: string;
      readonly iterations: number;
      readonly rounds: number;
      readonly clients: number;
      readonly reps: number;
      /** Per round trip (client: DeviceClient → amp; bare: raw ws → echo). */
      readonly get: InstructionCase;
      readonly set: InstructionCase;
      /** Per fan-out round: one set, its notify to every subscriber; bare: one broadcast to as many raw clients. */
      readonly fanout: InstructionCase;
    };

const CHILD = fileURLToPath(new URL('./instructions-child.ts', import.meta.url));

/** The valgrind version line, or undefined when there is none to run. */
export function valgrindVersion(valgrind = 'valgrind'): string | undefined {
  const r = spawnSync(valgrind, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Bundles instructions-child.ts (workspace packages and libraries in) into `dir`; returns the file. */
export async function bundleInstructionChild(dir: string): Promise<string> {
  const outfile = join(dir, 'instructions-child.mjs');
  await build({
    entryPoints: [CHILD],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
    // CommonJS libraries inside an ES module bundle still call require()
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return outfile;
}

/** Runs a command; rejects with its output's tail when it fails. Returns stdout. */
async function run(command: string, args: string[], cwd: string): Promise<string> {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${code}: ${err.slice(-2000) || out.slice(-2000)}`);
  return out;
}

const childArgs = (path: string, o: Required<Omit<InstructionOptions, 'valgrind'>>): string[] => [
  path,
  ...[o.iterations, o.rounds, o.clients, o.base, o.reps, o.warmupReps].map(String),
];

const NODE_FLAGS = ['--single-threaded', '--no-flush-bytecode'];

/** The phases the child reports, from the JSON line it prints last. */
function phasesOf(stdout: string): string[] {
  const line = stdout.trim().split('\n').pop() ?? '';
  return (JSON.parse(line) as { phases: string[] }).phases;
}

/**
 * The child bundled and run once without valgrind (tiny sizes): what the smoke test checks, since CI machines
 * may have no valgrind and a counted run takes minutes. Returns the phases in the order it marked them.
 */
export async function dryRunInstructionChild(opts: InstructionOptions = {}): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'rackside-instr-'));
  try {
    const child = await bundleInstructionChild(dir);
    const o = withDefaults(opts);
    return phasesOf(await run(process.execPath, [...NODE_FLAGS, child, ...childArgs('all', o)], dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function withDefaults(opts: InstructionOptions): Required<Omit<InstructionOptions, 'valgrind'>> {
  return {
    iterations: opts.iterations ?? 200,
    rounds: opts.rounds ?? 10,
    clients: opts.clients ?? 100,
    reps: opts.reps ?? 5,
    warmupReps: opts.warmupReps ?? 8,
    base: opts.base ?? '127.0.26.1',
  };
}

/** V8's entries into its compilers from running code (lazy, baseline, optimising, on-stack replacement). */
const COMPILE_ENTRY = /^v8::internal::Runtime_(Compile|InstallBaselineCode)/;

/**
 * A callgrind dump's instructions: all of them, and those spent in V8's compilers (the inclusive cost of every call
 * into a COMPILE_ENTRY from outside one). Names are compressed as `(id) name` once, then `(id)`.
 */
export function countsOfDump(text: string): { total: number; compile: number } {
  const names = new Map<string, string>();
  const nameOf = (spec: string): string => {
    const m = /^\((\d+)\)(?: (.*))?$/.exec(spec);
    if (!m) return spec;
    if (m[2] !== undefined) names.set(m[1]!, m[2]);
    return names.get(m[1]!) ?? '';
  };
  let total = 0;
  let compile = 0;
  let fn = '';
  let callee = '';
  let callCost = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('summary:')) total = Number(line.slice(8).trim());
    else if (line.startsWith('fn=')) fn = nameOf(line.slice(3));
    else if (line.startsWith('cfn=')) callee = nameOf(line.slice(4));
    else if (line.startsWith('calls=')) callCost = true;
    else if (callCost && /^[0-9+*-]/.test(line)) {
      callCost = false;
      if (COMPILE_ENTRY.test(callee) && !COMPILE_ENTRY.test(fn)) compile += Number(line.split(' ')[1] ?? 0);
    }
  }
  return { total, compile };
}

const median = (values: readonly number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor((s.length - 1) / 2)]!;
};

/**
 * Instructions per get and set round trip and per fan-out round, Rackside beside the bare baseline, counted by
 * callgrind in one child process (about 2 minutes). `{ available: false }` when valgrind is not installed.
 */
export async function benchInstructions(opts: InstructionOptions = {}): Promise<InstructionResult> {
  const valgrind = opts.valgrind ?? 'valgrind';
  const version = valgrindVersion(valgrind);
  if (!version) return { available: false, reason: 'valgrind not installed' };
  const o = withDefaults(opts);
  const dir = await mkdtemp(join(tmpdir(), 'rackside-instr-'));
  try {
    const child = await bundleInstructionChild(dir);
    const counts = new Map<PathName, number[]>(PATHS.map((p) => [p, []]));
    // one process a path, two at a time
    const queue = [...PATHS];
    const worker = async (): Promise<void> => {
      for (let path = queue.shift(); path; path = queue.shift()) counts.set(path, await countPath(path));
    };
    const countPath = async (path: PathName): Promise<number[]> => {
      const out = join(dir, `callgrind-${path.replace(' ', '-')}.out`);
      const stdout = await run(
        valgrind,
        [
          '--tool=callgrind',
          '--dump-before=uv_os_getpriority',
          '--dump-instr=no',
          '--dump-line=no',
          `--callgrind-out-file=${out}`,
          process.execPath,
          ...NODE_FLAGS,
          child,
          ...childArgs(path, o),
        ],
        dir,
      );
      const phases = phasesOf(stdout);
      const perOp: number[] = [];
      // dump k (1-based) holds what ran before the k-th mark
      for (let k = 0; k < phases.length; k++) {
        if (phases[k] !== path) continue; // the start and the warm-up
        const { total, compile } = countsOfDump(await readFile(`${out}.${k + 1}`, 'utf8'));
        if (!total) throw new Error(`callgrind dump ${k + 1} of ${path} has no summary line`);
        perOp.push((total - compile) / (path.endsWith('fanout') ? o.rounds : o.iterations));
      }
      return perOp;
    };
    await Promise.all([worker(), worker()]);
    const figure = (p: PathName): InstructionFigure => ({ median: median(counts.get(p)!), rounds: counts.get(p)! });
    const pair = (what: 'get' | 'set' | 'fanout'): InstructionCase => {
      const rackside = figure(`client ${what}`);
      const bare = figure(`bare ${what}`);
      const json = figure(`json ${what}`);
      return {
        rackside,
        rawToAmp: figure(`raw ${what}`),
        bare,
        ratio: rackside.median / bare.median,
        json,
        ratioJson: rackside.median / json.median,
      };
    };
    return {
      available: true,
      tool: `${version} --tool=callgrind, node ${NODE_FLAGS.join(' ')}, one process a path, median of ${o.reps} rounds`,
      iterations: o.iterations,
      rounds: o.rounds,
      clients: o.clients,
      reps: o.reps,
      get: pair('get'),
      set: pair('set'),
      fanout: pair('fanout'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
