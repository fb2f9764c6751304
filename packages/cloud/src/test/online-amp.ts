/**
 * An emulated amp registered to a venue the way real amps register (a registration token handed to its cloud agent,
 * which registers over HTTP and connects over MQTT), waited for until the venue lists it online: the fixture of the
 * tests that need an amp's cloud agent (the remote relay, firmware jobs).
 */
import {
  Amp,
  bootState,
  fleetIdentity,
  mqttConnector,
  startCloudAgent,
  type CloudAgent,
  type MqttConnectorOptions,
} from '@rackside/amp-sim';
import { DEVICE_PATHS, fillPath, getModel, type DeviceAttributesReply, type VenueDevices } from '@rackside/protocol';
import type { FastifyInstance } from 'fastify';
import { call, registrationToken } from './factories';

/** Polls `probe` until it gives a value; fails with `what` after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 8000,
  everyMs = 25,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** An online amp of a venue, with its cloud agent. */
export interface OnlineAmp {
  readonly amp: Amp;
  readonly agent: CloudAgent;
  readonly deviceId: string;
  /** Stops the agent (within 2 s) and disposes of the amp. */
  stop(): Promise<void>;
}

export interface OnlineAmpOptions {
  /** The signed-in user's bearer token and the venue the amp joins. */
  readonly token: string;
  readonly venueId: string;
  /** The cloud's API base the agent registers at, e.g. `http://127.0.0.1:{port}/api`. */
  readonly apiBase: string;
  /** The agent's MQTT connector options (default: reconnect after 300 ms). */
  readonly connector?: MqttConnectorOptions;
  readonly model?: string;
  /** The amp's place in an emulated fleet (its serial number, MAC and name; default 0). */
  readonly index?: number;
}

/** Starts an emulated amp, registers it to the venue and resolves once the venue lists it connected. */
export async function startOnlineAmp(app: FastifyInstance, options: OnlineAmpOptions): Promise<OnlineAmp> {
  const { token, venueId } = options;
  const identity = fleetIdentity(getModel(options.model ?? '704D'), options.index ?? 0, '127.0.0.1');
  const amp = new Amp(identity);
  amp.apply(bootState(identity), 'amp');
  let registered: string | undefined;
  const agent = startCloudAgent(amp, {
    connector: mqttConnector({ reconnectMs: 300, ...options.connector }),
    backoff: { initialMs: 100, maxMs: 500 },
    onRegistered: (creds) => {
      registered = creds.deviceId;
    },
  });
  const regToken = await registrationToken(app, token, venueId);
  amp.apply({ cloud: { registrationToken: regToken, registrationEndpoint: options.apiBase } }, 'client');
  const deviceId = await until('the amp in the venue', async () => {
    if (registered === undefined) return undefined;
    const res = await call(app, 'GET', fillPath(DEVICE_PATHS.venueDevices, { venueId }), undefined, token);
    return res.json<VenueDevices>().devices.some((d) => d.deviceId === registered) ? registered : undefined;
  });
  await until('the amp online', async () => {
    const res = await call(app, 'POST', fillPath(DEVICE_PATHS.attributes, { venueId }), {}, token);
    const device = res.json<DeviceAttributesReply>().devices.find((d) => d.deviceId === deviceId);
    return device?.deviceAttributes.connected === true ? true : undefined;
  });
  return {
    amp,
    agent,
    deviceId,
    async stop() {
      await Promise.race([agent.stop(), new Promise((r) => setTimeout(r, 2000).unref())]);
      amp.dispose();
    },
  };
}
