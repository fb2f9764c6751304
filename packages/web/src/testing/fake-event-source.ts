/**
 * EventSource stand-ins for the live stream's tests (shared/cloud/live-stream.ts): every source a test's code opens
 * is recorded, and the test drives it (open, events, errors) as the cloud would.
 */
import { LIVE_PATHS } from '@rackside/protocol';
import type { EventSourceConstructor, EventSourceLike } from '../shared/cloud/live-stream';

export interface FakeEventSource extends EventSourceLike {
  readonly url: string;
  readonly closed: boolean;
  /** The connection is up (EventSource's `open`). */
  open(): void;
  /** One SSE message: `event: {name}`, `data: {data as JSON, or the text as it is}`. */
  emit(name: string, data: unknown): void;
  /** The connection failed or the cloud closed it (EventSource's `error`). */
  fail(): void;
}

export interface FakeEventSources {
  readonly EventSource: EventSourceConstructor;
  /** Every source opened, oldest first. */
  readonly all: FakeEventSource[];
  /** The newest source (throws if none). */
  last(): FakeEventSource;
}

export function fakeEventSources(): FakeEventSources {
  const all: FakeEventSource[] = [];
  class Fake implements FakeEventSource {
    onopen: ((event: Event) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    closed = false;
    private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
    constructor(readonly url: string) {
      all.push(this);
    }
    addEventListener(type: string, listener: (event: MessageEvent) => void): void {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    close(): void {
      this.closed = true;
    }
    open(): void {
      if (!this.closed) this.onopen?.(new Event('open'));
    }
    emit(name: string, data: unknown): void {
      if (this.closed) return;
      const text = typeof data === 'string' ? data : JSON.stringify(data);
      for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: text }));
    }
    fail(): void {
      if (!this.closed) this.onerror?.(new Event('error'));
    }
  }
  return {
    EventSource: Fake,
    all,
    last: () => {
      const source = all.at(-1);
      if (!source) throw new Error('no EventSource was opened');
      return source;
    },
  };
}

/** A ticket as the cloud issues them (43 base64url characters), the n-th. */
export const liveTicket = (n: number): string => `ticket-${n}`.padEnd(43, 'x');

/** The fake cloud's route of POST /live/ticket: a new ticket each time. */
export function ticketRoute() {
  let n = 0;
  return {
    [`POST ${LIVE_PATHS.ticket}`]: () => {
      n += 1;
      return { body: { ticket: liveTicket(n), expiresAt: new Date(Date.now() + 30_000).toISOString() } };
    },
  };
}
