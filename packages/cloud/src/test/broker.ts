/**
 * A stand-in for the cloud's MQTT side in route tests: records the jobs published, the shadows cleared and the
 * devices disconnected, and can be told to fail. The end-to-end tests use the real broker instead (src/mqtt.ts).
 */
import type { ApiRequestMessage, DeviceJob } from '@rackside/protocol';
import type { ServiceClient } from '../broker/index';

/** What a route test sees of the broker. */
export class FakeBroker implements ServiceClient {
  readonly jobs: { deviceId: string; job: DeviceJob }[] = [];
  readonly cleared: string[] = [];
  readonly disconnected: string[] = [];
  /** When set, publishing throws it. */
  failWith: Error | undefined;

  publishJob(deviceId: string, job: DeviceJob): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.jobs.push({ deviceId, job });
    return Promise.resolve();
  }
  publishApiRequest(_deviceId: string, _message: ApiRequestMessage): Promise<void> {
    return Promise.resolve();
  }
  onApiResponse(): Promise<() => Promise<void>> {
    return Promise.resolve(() => Promise.resolve());
  }
  clearShadow(deviceId: string): Promise<void> {
    this.cleared.push(deviceId);
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
  /** The `disconnectDevice` dependency of buildApp. */
  disconnectDevice = (deviceId: string): Promise<boolean> => {
    this.disconnected.push(deviceId);
    return Promise.resolve(true);
  };
}
