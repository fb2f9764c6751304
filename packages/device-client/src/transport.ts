/**
 * The seam between the client's logic and the wire: a direct WebSocket in local mode, MQTT through the
 * cloud gateway later. Everything above this interface is transport-agnostic.
 */

/** What a transport reports: the link opened, or it ended on its own (never after the client's `close()`). */
export type TransportState = 'open' | 'closed';

/** One link to one amp that carries JSON text both ways. */
export interface DeviceTransport {
  /** Starts connecting (again, after a close); reports `open` or `closed` through `onState`. */
  open(): void;
  /** Sends one message; throws when the link is not open. */
  send(text: string): void;
  /** Ends the link now; no event of that link is reported afterwards. */
  close(): void;
  /** Registers a listener for incoming messages; returns the function that removes it. */
  onMessage(listener: (text: string) => void): () => void;
  /** Registers a listener for link state changes (with a reason on `closed`); returns its remover. */
  onState(listener: (state: TransportState, reason?: string) => void): () => void;
}

/** A small listener set shared by transports. */
export class Listeners<A extends unknown[]> {
  readonly #set = new Set<(...args: A) => void>();
  /** The listeners as an array, taken at the first emit after a change (what emit iterates). */
  #snapshot: ((...args: A) => void)[] | undefined;

  constructor(private readonly onListenerError: (err: unknown) => void = reportListenerError) {}

  /** Adds a listener; returns its remover. */
  add(listener: (...args: A) => void): () => void {
    this.#set.add(listener);
    this.#snapshot = undefined;
    return () => {
      if (this.#set.delete(listener)) this.#snapshot = undefined;
    };
  }

  /**
   * Calls every listener; one that throws does not stop the others. The listeners called are those registered
   * when the emit began: one added or removed by a listener counts from the next emit.
   */
  emit(...args: A): void {
    const listeners = (this.#snapshot ??= [...this.#set]);
    for (const l of listeners) {
      try {
        l(...args);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }
}

function reportListenerError(err: unknown): void {
  console.error('device-client: a listener threw', err);
}
