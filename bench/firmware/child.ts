/** The download clients' process (clients.ts), started with `node --import tsx` and an IPC channel. */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { DownloadRequest, DownloadRun } from './clients';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The clients' process: one round of downloads per call. */
export class Clients {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(v: DownloadRun): void; reject(e: Error): void }>();

  private constructor(private readonly process: ChildProcess) {
    process.on('message', (message: { id: number; ok: boolean; error?: string } & DownloadRun) => {
      const w = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.ok) w?.resolve(message);
      else w?.reject(new Error(message.error ?? 'download clients failed'));
    });
    process.once('exit', (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`download clients exited (${String(code)})`));
      this.waiting.clear();
    });
  }

  static start(): Clients {
    const child = fork(fileURLToPath(new URL('clients.ts', import.meta.url)), [], {
      cwd: BENCH_DIR,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Clients(child);
  }

  download(request: DownloadRequest): Promise<DownloadRun> {
    const id = this.nextId++;
    return new Promise<DownloadRun>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.process.send({ id, ...request });
    });
  }

  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = once(this.process, 'exit');
    if (this.process.connected) this.process.disconnect();
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}
