/**
 * Runs npm scripts at the same time and fails when any fails: `npm test`'s static checks (lint, typecheck) and the
 * console's build are each mostly one core's work, so on a 2-core CI machine they take the time of the longest instead
 * of their sum. Each script's output is printed whole when it ends (not interleaved), with its time and exit code.
 *
 *   tsx scripts/parallel.ts lint typecheck build:web
 */
import { spawn } from 'node:child_process';

async function run(script: string): Promise<number> {
  const started = Date.now();
  const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  const code = await new Promise<number>((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`\n> ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n`);
  process.stdout.write(Buffer.concat(output));
  return code;
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write('usage: tsx scripts/parallel.ts <npm script> [<npm script> ...]\n');
  process.exit(2);
}
const codes = await Promise.all(scripts.map(run));
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
