/**
 * Domain events between services that change who may reach a device: a device's place or connection changed
 * (relocated, removed, offline), or a user's sign-in sessions ended. Whatever holds access (the remote relay's open
 * sessions) checks that access again at once rather than at its next periodic check. Devices' sensor snapshots pass
 * through here too, to whoever asked for them (a rollout's audio check), and what ingestion stored of a device (its
 * reported state, its online state), to whatever derives something from it (the incidents of issue 15).
 *
 * `changed` and `signedOut` are this process's own; `toldByCluster` carries the same kinds of change as every node of
 * the cluster told them (this one's included), through the live stream's database notifications (domains/live), so
 * that access held on this node is checked again within a second of a change made on another.
 */
import type { DeviceReported, DeviceSensors } from '@rackside/protocol';

/** A listener set whose listeners must not throw (one that does is skipped, the others still run). */
class Topic<T> {
  readonly #listeners = new Set<(value: T) => void>();

  on(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch {
        // a listener's failure is its own; the change happened either way
      }
    }
  }
}

/** Changes told by a node of the cluster: devices moved, removed, online or offline; users whose sessions ended. */
export interface ClusterChanges {
  readonly deviceIds: readonly string[];
  readonly userIds: readonly string[];
}

/** Listens to and tells of access changes; one instance per app (DomainContext.deviceEvents). */
export class DeviceEvents {
  readonly #devices = new Topic<string>();
  readonly #users = new Topic<string>();
  readonly #sensors = new Topic<{ deviceId: string; sensors: DeviceSensors }>();
  readonly #reported = new Topic<{ deviceId: string; reported: DeviceReported }>();
  readonly #status = new Topic<{ deviceId: string; online: boolean }>();
  readonly #cluster = new Topic<ClusterChanges>();

  /** Listens to device changes (moved, removed, online or offline); returns the remover. */
  onChanged(listener: (deviceId: string) => void): () => void {
    return this.#devices.on(listener);
  }

  /** Tells that a device moved, was removed, or went online or offline. */
  changed(deviceId: string): void {
    this.#devices.emit(deviceId);
  }

  /** Listens to sign-outs (one session, all of a user's, or revoked by a password change); returns the remover. */
  onSignedOut(listener: (userId: string) => void): () => void {
    return this.#users.on(listener);
  }

  /** Tells that some of the user's sign-in sessions ended. */
  signedOut(userId: string): void {
    this.#users.emit(userId);
  }

  /**
   * Listens to devices changed and users signed out on any node (this one's too, told back); returns the remover.
   * Nothing here tells them again to the cluster: only `changed` and `signedOut` are published.
   */
  onToldByCluster(listener: (changes: ClusterChanges) => void): () => void {
    return this.#cluster.on(listener);
  }

  /** Tells what some node of the cluster told of (domains/live's listener). */
  toldByCluster(changes: ClusterChanges): void {
    this.#cluster.emit(changes);
  }

  /** Listens to devices' sensor snapshots (a rollout asks amps for one to see whether they pass audio). */
  onSensors(listener: (deviceId: string, sensors: DeviceSensors) => void): () => void {
    return this.#sensors.on(({ deviceId, sensors }) => listener(deviceId, sensors));
  }

  /** Tells of a device's sensor snapshot (the broker's `sensors` topic). */
  sensed(deviceId: string, sensors: DeviceSensors): void {
    this.#sensors.emit({ deviceId, sensors });
  }

  /** Listens to reported states once stored (the device's shadow is this state); returns the remover. */
  onReportedStored(listener: (deviceId: string, reported: DeviceReported) => void): () => void {
    return this.#reported.on(({ deviceId, reported }) => listener(deviceId, reported));
  }

  /** Tells that a device's reported state is stored (mqtt.ts, from ingestion). */
  reportedStored(deviceId: string, reported: DeviceReported): void {
    this.#reported.emit({ deviceId, reported });
  }

  /**
   * Listens to a device's `status` messages once stored (online, or offline: its goodbye or its last will); never
   * told of the offline marks a process sets at its start (markAllDisconnected). Returns the remover.
   */
  onStatusStored(listener: (deviceId: string, online: boolean) => void): () => void {
    return this.#status.on(({ deviceId, online }) => listener(deviceId, online));
  }

  /** Tells that a device's `status` message is stored (mqtt.ts, from ingestion). */
  statusStored(deviceId: string, online: boolean): void {
    this.#status.emit({ deviceId, online });
  }
}
