/**
 * The cloud as `npm run cloud` runs it, in a child process of its own, for the tests that kill it (SIGKILL mid-rollout,
 * mid-notification, mid-write) and start it again on the same data: the end-to-end specs (e2e/) and the durability
 * test. It keeps the child's last output lines for the failure message and waits for `/api/health` after a start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A cloud child process that can be started, killed and started again. */
export interface CloudProcess {
  /** http://127.0.0.1:{port} */
  readonly url: string;
  /** {url}/api */
  readonly api: string;
  /** Starts it (again) and resolves once /api/health answers; rejects with its output when it exits or stays down. */
  start(): Promise<void>;
  /** Sends the signal (SIGKILL: no clean-up at all) and resolves once it exited; nothing when it is not running. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Its last output lines. */
  output(): string;
  /** The running process's id (bench/cloud/nodes.ts reads its CPU time); undefined when not running. */
  pid(): number | undefined;
}

/** The options of cloudProcess: its port and the environment on top of this process's (RACKSIDE_DEV=1 by default). */
export interface CloudProcessOptions {
  readonly port: number;
  readonly env: Readonly<Record<string, string>>;
  /** How long a start may take (default 90 s: the first PGlite start runs initdb). */
  readonly startTimeoutMs?: number;
}

export function cloudProcess(options: CloudProcessOptions): CloudProcess {
  const url = `http://127.0.0.1:${options.port}`;
  const lines: string[] = [];
  let child: ChildProcess | undefined;
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      lines.push(line);
      if (lines.length > 80) lines.shift();
    }
  };
  return {
    url,
    api: `${url}/api`,
    output: () => lines.join('\n'),
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    async start() {
      const c = (child = spawn(process.execPath, ['--import', 'tsx', 'packages/cloud/src/main.ts'], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'development',
          RACKSIDE_DEV: '1',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(options.port),
          PUBLIC_URL: url,
          ...options.env,
        },
      }));
      c.stdout?.on('data', keep);
      c.stderr?.on('data', keep);
      const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
      for (;;) {
        if (c.exitCode !== null || c.signalCode !== null) throw new Error(`the cloud exited:\n${lines.join('\n')}`);
        const up = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return;
        if (Date.now() > deadline) throw new Error(`the cloud did not start:\n${lines.join('\n')}`);
        await new Promise((r) => setTimeout(r, 300));
      }
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill(signal);
      await exited;
    },
  };
}
