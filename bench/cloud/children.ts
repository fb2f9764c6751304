/**
 * The cloud benchmarks' child processes (the agents, the load generator): started with `node --import tsx` and an IPC
 * channel, so that on two cores the process under test has one core to itself (as far as the machine's load lets).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentReplies, AgentRequest } from './agents';

const CLOUD_BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

/** A child process answering `{id, ...request}` with `{id, ok, ...}` over IPC. */
export class Child {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  private constructor(private readonly process: ChildProcess) {
    process.on('message', (message: { id: number; ok: boolean; error?: string }) => {
      const w = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.ok) w?.resolve(message);
      else w?.reject(new Error(message.error ?? 'child failed'));
    });
    process.once('exit', (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`bench child exited (${String(code)})`));
      this.waiting.clear();
    });
  }

  /** Starts `file` of bench/cloud/. */
  static start(file: string): Child {
    const child = fork(join(CLOUD_BENCH_DIR, file), [], {
      cwd: BENCH_DIR,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Child(child);
  }

  call<T>(request: object): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.process.send({ id, ...request });
    });
  }

  /** Cpu time of the child is reported by the child itself; this only ends it. */
  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = once(this.process, 'exit');
    if (this.process.connected) this.process.disconnect();
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

/** The emulated amps' process (agents.ts), with its requests typed. */
export class Agents {
  private constructor(private readonly child: Child) {}
  static start(): Agents {
    return new Agents(Child.start('agents.ts'));
  }
  call<K extends AgentRequest['op']>(request: Extract<AgentRequest, { op: K }>): Promise<AgentReplies[K]> {
    return this.child.call<AgentReplies[K]>(request);
  }
  /** Disconnects every agent; the process stays for the next broker. */
  async closeAll(): Promise<void> {
    await this.call({ op: 'close' });
  }
  async stop(): Promise<void> {
    await this.call({ op: 'close' }).catch(() => undefined);
    await this.child.stop();
  }
}
