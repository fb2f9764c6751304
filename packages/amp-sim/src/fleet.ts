/**
 * A fleet of emulated amps, each on its own loopback address with the device API (1234), the line API
 * (4321) and HTTP (upload CGI, GET /host, fault control, the web app), sharing one discovery list.
 */
import { existsSync } from 'node:fs';
import { CHOSEN, getModel, type DiscoverySchema, type ModelInfo } from '@rackside/protocol';
import type { z } from 'zod';
import { Amp } from './amp';
import { touchPanelsOf, startDeviceApi, type DeviceApi } from './api/index';
import { startCloudAgent } from './cloud/agent';
import type { DeviceCredentials } from './cloud/registration';
import { mqttConnector } from './cloud/mqtt-connector';
import { registerControlRoutes } from './control/routes';
import { startAmpHttp } from './http/server';
import { addressState, bootState, fleetIdentity, nthAddress } from './identity';
import { loadAmp, persistAmp, type Persistence } from './persistence';
import { startPhysics, type Physics } from './sim/physics';
import type { Fault } from './sim/faults';
import { startLineApi } from './tcp/line-api';

/** The models of the default fleet (the example): varied families, channel counts and inputs. */
export const DEFAULT_FLEET_MODELS = ['704D', '354N', '1504', '124D', 'CDS-508', '352N_G'] as const;

/** How to run a fleet. */
export interface FleetOptions {
  readonly amps?: number;
  readonly models?: readonly string[];
  readonly base?: string;
  readonly port?: number;
  readonly tcpPort?: number;
  readonly httpPort?: number;
  readonly password?: string;
  readonly uacKey?: string;
  readonly speed?: number;
  readonly dataDir?: string;
  /** Faults to inject at start, each on an amp by 0-based index. */
  readonly faults?: readonly { amp: number; fault: Fault }[];
  /** CS Touch panels behind the first amp. */
  readonly touchPanels?: number;
  /** The built web app to serve in local mode (default packages/web/dist when it exists). */
  readonly webRoot?: string;
  /** Start the per-amp cloud agent (default true). */
  readonly cloudAgent?: boolean;
  /**
   * A development cloud's registration URL (`{cloud}/api/devices/register`): each amp's served console then offers
   * the development and test regions on its Connect to account page, pointing there (spec 1 §5).
   */
  readonly devCloudEndpoint?: string;
}

/** One running amp of a fleet and its servers. */
export interface FleetAmp {
  readonly amp: Amp;
  readonly physics: Physics;
  readonly api: DeviceApi;
  readonly ports: { readonly ws: number; readonly tcp: number; readonly http: number };
}

/** A running fleet. */
export interface Fleet {
  readonly amps: readonly FleetAmp[];
  close(): Promise<void>;
}

const DEFAULT_WEB_ROOT = new URL('../../web/dist', import.meta.url).pathname;

/** The default one-warning fleet: amp 4 (or the last) shows a channel thermal warning, none is in fault. */
export const defaultFleetFaults = (amps: number): { amp: number; fault: Fault }[] =>
  amps > 0 ? [{ amp: Math.min(3, amps - 1), fault: { type: 'warning', channel: 1 } }] : [];

/**
 * UAC roles given with --uac (spec 2 §6): the console's role may change channel gain and mute (an operator's
 * volume control) and only read the other named permissions; anything unnamed is Locked.
 */
const uacRoles = (): Record<string, Record<string, 0 | 1 | 2>> => {
  const p = CHOSEN.uacPermissions;
  const role: Record<string, 0 | 1 | 2> = Object.fromEntries(Object.values(p).map((name) => [name, 1]));
  role[p.channelOutputGain] = 2;
  role[p.channelOutputMute] = 2;
  return { [CHOSEN.uacRoleId]: role };
};

type Discovery = z.infer<typeof DiscoverySchema>;

function discoveryOf(amps: readonly Amp[]): Discovery {
  const devices: Discovery['devices'] = {};
  for (const a of amps)
    devices[a.identity.ip] = {
      ip: a.identity.ip,
      deviceName: (a.read('/amp/deviceInfo/deviceName') as string | undefined) ?? a.identity.deviceName,
      modelID: a.model.modelID,
      mac: a.identity.mac,
      firmwareVersion: (a.read('/amp/deviceInfo/firmwareVersion') as string | undefined) ?? a.identity.firmwareVersion,
      kind: a.model.kind,
    };
  return { devices };
}

/** Starts a fleet; rejects (after closing what started) when an address or port cannot be bound. */
export async function startFleet(opts: FleetOptions = {}): Promise<Fleet> {
  const count = opts.amps ?? 6;
  const modelIds = opts.models && opts.models.length > 0 ? opts.models : DEFAULT_FLEET_MODELS;
  const models: ModelInfo[] = modelIds.map((id) => getModel(id));
  const base = opts.base ?? '127.0.1.1';
  const speed = opts.speed ?? 1;
  const webRoot = opts.webRoot ?? (existsSync(DEFAULT_WEB_ROOT) ? DEFAULT_WEB_ROOT : undefined);
  const closers: (() => Promise<void> | void)[] = [];
  const running: FleetAmp[] = [];

  const close = async () => {
    for (const c of closers.reverse()) await c();
    closers.length = 0;
  };

  try {
    for (let i = 0; i < count; i++) {
      const model = models[i % models.length]!;
      const identity = fleetIdentity(model, i, nthAddress(base, i));
      const amp = new Amp(identity);
      amp.apply(bootState(identity));
      const loaded = opts.dataDir ? loadAmp(opts.dataDir, amp) : undefined;
      amp.apply(addressState(identity));
      if (opts.password) amp.password = opts.password;
      if (amp.password) amp.apply({ misc: { passwordProtected: true } });
      if (opts.uacKey) amp.apply({ UAC: { key: opts.uacKey, roles: uacRoles() } });
      let persistence: Persistence | undefined;
      if (opts.dataDir) {
        const p = (persistence = persistAmp(opts.dataDir, amp, 500, loaded?.cloud));
        closers.push(() => p.stop());
      }
      closers.push(() => amp.dispose());

      const physics = startPhysics(amp, { speed });
      closers.push(() => physics.stop());
      const api = await startDeviceApi(amp, { host: identity.ip, port: opts.port ?? 1234 });
      closers.push(() => api.close());
      const line = await startLineApi(amp, { host: identity.ip, port: opts.tcpPort ?? 4321 });
      closers.push(() => line.close());
      const http = await startAmpHttp(amp, {
        host: identity.ip,
        port: opts.httpPort ?? 8080,
        deviceApiPort: api.port,
        speed,
        ...(webRoot ? { webRoot } : {}),
        ...(opts.devCloudEndpoint ? { devCloudEndpoint: opts.devCloudEndpoint } : {}),
        plugins: [(app) => registerControlRoutes(app, { amp, physics })],
      });
      closers.push(() => http.close());
      if (opts.cloudAgent ?? true) {
        // cloud firmware jobs and the upload page share one updater
        const agent = startCloudAgent(amp, {
          connector: mqttConnector({ firmware: http.firmware, firmwareSpeed: speed }),
          ...(loaded?.cloud ? { credentials: loaded.cloud } : {}),
          ...(persistence
            ? {
                onRegistered: (creds: DeviceCredentials) => persistence?.saveCloud(creds),
                // removed from its account (issue 16): a restart must not come back with the dead credentials
                onDeregistered: () => persistence?.saveCloud(undefined),
              }
            : {}),
        });
        closers.push(() => agent.stop());
      }
      running.push({ amp, physics, api, ports: { ws: api.port, tcp: line.port, http: http.port } });
    }

    // one discovery list for the whole fleet, kept current when a name or firmware changes
    const amps = running.map((r) => r.amp);
    const publish = () => {
      const list = discoveryOf(amps);
      for (const a of amps) a.apply({ discovery: list });
    };
    publish();
    for (const a of amps)
      closers.push(
        a.onChange((delta) => {
          const info = (delta as { amp?: { deviceInfo?: Record<string, unknown> } }).amp?.deviceInfo;
          if (info && ('deviceName' in info || 'firmwareVersion' in info)) publish();
        }),
      );

    const first = running[0];
    for (let t = 0; t < (opts.touchPanels ?? 1) && first; t++)
      touchPanelsOf(first.amp).add(nthAddress('127.0.2.1', t), { name: t === 0 ? 'Lobby Touch' : `Touch ${t + 1}` });

    for (const { amp: index, fault } of opts.faults ?? defaultFleetFaults(count)) {
      const target = running[index];
      if (!target) throw new Error(`--fault names amp ${index + 1}, but the fleet has ${count}`);
      target.physics.inject(fault);
    }
  } catch (e) {
    await close();
    throw e;
  }
  return { amps: running, close };
}

/** One line per amp: where to reach it. */
export function describeFleet(fleet: Fleet): string {
  const rows = fleet.amps.map(({ amp, ports }, i) => {
    const name = (amp.read('/amp/deviceInfo/deviceName') as string | undefined) ?? amp.identity.deviceName;
    return `  ${String(i + 1).padStart(2)}  ${name.padEnd(16)} ${amp.model.id.padEnd(13)} ws://${amp.identity.ip}:${ports.ws}  tcp ${amp.identity.ip}:${ports.tcp}  http://${amp.identity.ip}:${ports.http}`;
  });
  return ['Rackside amp emulator: ' + fleet.amps.length + ' amps', ...rows].join('\n');
}
