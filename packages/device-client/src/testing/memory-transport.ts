/** An in-memory DeviceTransport for tests that drive the link by hand (and run under fake timers). */
import { Listeners, type DeviceTransport, type TransportState } from '../transport';

/** A transport whose link a test opens, closes and feeds. */
export class MemoryTransport implements DeviceTransport {
  readonly sent: string[] = [];
  opens = 0;
  isOpen = false;
  readonly #messages = new Listeners<[string]>();
  readonly #states = new Listeners<[TransportState, string?]>();

  open(): void {
    this.opens++;
  }
  send(text: string): void {
    if (!this.isOpen) throw new Error('not open');
    this.sent.push(text);
  }
  close(): void {
    this.isOpen = false;
  }
  onMessage(listener: (text: string) => void): () => void {
    return this.#messages.add(listener);
  }
  onState(listener: (state: TransportState, reason?: string) => void): () => void {
    return this.#states.add(listener);
  }

  /** The amp accepted the connection. */
  accept(): void {
    this.isOpen = true;
    this.#states.emit('open');
  }
  /** The link broke on its own. */
  drop(reason = 'dropped'): void {
    this.isOpen = false;
    this.#states.emit('closed', reason);
  }
  /** A frame arrives from the amp. */
  receive(text: string): void {
    this.#messages.emit(text);
  }
}
