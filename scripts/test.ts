/**
 * `npm test`: the static checks run beside the tests, at the lowest CPU priority, instead of before them.
 *
 * On a 2-core CI machine the tests keep both cores busy most of the time, but not all of it: Chromium leaves 15–25 %
 * idle through the browser flows' quarter hour. Lint and the type check (about five CPU-minutes together, mostly one
 * core's work each) started first under `nice -n 19` take only what the tests leave, so their time hides in the tests'
 * instead of adding three to four minutes before them (docs/ci.md has the figures). The console's build comes first,
 * in the foreground (seconds), since the browser flows serve it.
 *
 * Order and outcome are those of the former `lint & typecheck & build && test:unit && test:e2e:built`: the browser
 * flows run only when the unit tests pass; the run fails when any step fails. The background checks' output is
 * printed whole when they end (not interleaved with the tests'), with their time and exit code.
 *
 *   tsx scripts/test.ts
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

interface Step {
  readonly script: string;
  /** Lowest CPU priority, output buffered and printed when it ends. */
  readonly background?: boolean;
  readonly env?: Record<string, string>;
}

async function run({ script, background = false, env = {} }: Step): Promise<number> {
  const started = Date.now();
  const [command, args] = background ? ['nice', ['-n', '19', 'npm', 'run', script]] : ['npm', ['run', script]];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: background ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const code = await new Promise<number>((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`\n> ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n`);
  if (background) process.stdout.write(Buffer.concat(output));
  return code;
}

const checks = [run({ script: 'lint', background: true }), run({ script: 'typecheck', background: true })];
let code = await run({ script: 'build:web:e2e' });
if (code === 0) code = await run({ script: 'test:unit' });
if (code === 0)
  code = await run({
    script: 'test:e2e:built',
    env: { RACKSIDE_WEB_DIST: join(root, 'node_modules/.cache/e2e-web-dist') },
  });
const checked = await Promise.all(checks);
process.exit([code, ...checked].some((c) => c !== 0) ? 1 : 0);
