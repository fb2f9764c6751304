/**
 * A domain event between services: a device's place changed (relocated or removed), so whatever holds access to it
 * (the remote relay's open sessions) checks that access again at once rather than at its next periodic check.
 */

/** Listens to and tells of device changes; one instance per app (DomainContext.deviceEvents). */
export class DeviceEvents {
  readonly #listeners = new Set<(deviceId: string) => void>();

  /** Adds a listener; returns its remover. */
  onChanged(listener: (deviceId: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells every listener; one that throws does not stop the others (listeners must not throw). */
  changed(deviceId: string): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(deviceId);
      } catch {
        // a listener's failure is its own; the device change happened either way
      }
    }
  }
}
