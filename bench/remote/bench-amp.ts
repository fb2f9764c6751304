/**
 * One emulated 704D as the remote benches run it, in whichever process: physics not started (only the bench changes
 * its state), its device API on a local WebSocket at `ip`, its cloud agent quick to retry; `stop` undoes all three.
 * Kept apart from cloud.ts so that amp-child.ts does not load the cloud.
 */
import { Amp, bootState, fleetIdentity, mqttConnector, startCloudAgent, startDeviceApi } from '@rackside/amp-sim';
import { getModel } from '@rackside/protocol';
import { sleep } from '../stats';

export interface LocalAmp {
  readonly amp: Amp;
  /** The local device API's port. */
  readonly port: number;
  /** Agent stopped (at most 2 s), device API closed, amp disposed. */
  readonly stop: () => Promise<void>;
}

export async function startLocalAmp(n: number, ip: string): Promise<LocalAmp> {
  const identity = fleetIdentity(getModel('704D'), n, ip);
  const amp = new Amp(identity);
  amp.apply(bootState(identity), 'amp');
  const direct = await startDeviceApi(amp, { host: ip, port: 0 });
  const agent = startCloudAgent(amp, {
    connector: mqttConnector({ reconnectMs: 300 }),
    backoff: { initialMs: 100, maxMs: 500 },
  });
  const stop = async () => {
    await Promise.race([agent.stop(), sleep(2000)]);
    await direct.close();
    amp.dispose();
  };
  return { amp, port: direct.port, stop };
}

/** The amp's agent told to register with `registrationToken` at `registrationEndpoint`, as an installer does. */
export function register(amp: Amp, registrationToken: string, registrationEndpoint: string): void {
  amp.apply({ cloud: { registrationToken, registrationEndpoint } }, 'client');
}

/** The device id the amp's agent got from its registration, once it has one. */
export function registeredId(amp: Amp): string | undefined {
  const id = amp.state.cloud.deviceId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
