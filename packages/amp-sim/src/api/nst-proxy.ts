/**
 * /NSTProxy: CS Touch wall panels reached through the amp (spec 3 §3/§7). The emulator keeps them in memory per
 * amp; the fleet runner registers them with `touchPanelsOf(amp).add(...)`; their list shows in NSTProxy.devices.
 */
import { NstConfigParamsSchema, TouchConfigurationSchema, type TouchConfiguration } from '@rackside/protocol';
import type { Amp } from '../amp';
import { DeviceErrorCode, fail, ok, onlyAt, type MethodSpec, type Outcome } from './types';

/** A touch configuration as the amp stores it: checked by TouchConfigurationSchema, kept as sent. */
export type TouchConfig = TouchConfiguration & Record<string, unknown>;

/** One emulated CS Touch panel. */
export interface TouchPanel {
  name: string;
  modelID: string;
  firmwareVersion: string;
  online: boolean;
  config: TouchConfig;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a `setConfig` payload against the touch configuration schema (spec 3 §3/§5); answers why it is refused. */
export function touchConfigProblem(v: unknown): string | undefined {
  const r = TouchConfigurationSchema.safeParse(v);
  if (r.success) return undefined;
  const issue = r.error.issues[0];
  const where = issue?.path.length ? `payload/${issue.path.join('/')}` : 'payload';
  return `${where}: ${issue?.message ?? 'invalid'} (a touch configuration is {name, groups: [...]})`;
}

/** The CS Touch panels behind one amp, mirrored into its NSTProxy.devices. */
export class TouchPanels {
  private readonly panels = new Map<string, TouchPanel>();

  constructor(private readonly amp: Amp) {}

  /** Registers (or replaces) a panel at an IP address; its config defaults to an empty one named like the panel. */
  add(ipAddress: string, panel: Partial<TouchPanel> & { name: string }): void {
    if (ipAddress.length === 0 || ipAddress.length > 21) throw new Error(`invalid touch panel address '${ipAddress}'`);
    this.panels.set(ipAddress, {
      name: panel.name,
      modelID: panel.modelID ?? 'CS Touch',
      firmwareVersion: panel.firmwareVersion ?? '1.0.0.0',
      online: panel.online ?? true,
      config: structuredClone(panel.config ?? { name: panel.name, groups: [] }),
    });
    this.publish(ipAddress);
  }

  /** Takes a panel offline or brings it back. */
  setOnline(ipAddress: string, online: boolean): void {
    const p = this.panels.get(ipAddress);
    if (!p) return;
    p.online = online;
    this.publish(ipAddress);
  }

  /** The panel at an address. */
  get(ipAddress: string): Readonly<TouchPanel> | undefined {
    return this.panels.get(ipAddress);
  }

  /** Addresses of all registered panels. */
  addresses(): string[] {
    return [...this.panels.keys()];
  }

  /** Stores a configuration; a `name` in it renames the panel too (spec 3 §4). */
  setConfig(ipAddress: string, config: TouchConfig): void {
    const p = this.panels.get(ipAddress);
    if (!p) return;
    p.config = structuredClone(config);
    if (config.name !== '') p.name = config.name.slice(0, 64);
    this.publish(ipAddress);
  }

  private publish(ipAddress: string): void {
    const p = this.panels.get(ipAddress);
    if (!p) return;
    const { name, modelID, firmwareVersion, online } = p;
    this.amp.apply({ NSTProxy: { devices: { [ipAddress]: { ipAddress, name, modelID, firmwareVersion, online } } } });
  }
}

const registries = new WeakMap<Amp, TouchPanels>();

/** The touch panels behind an amp (one registry per amp, created on first use). */
export function touchPanelsOf(amp: Amp): TouchPanels {
  let panels = registries.get(amp);
  if (!panels) registries.set(amp, (panels = new TouchPanels(amp)));
  return panels;
}

function reachable(amp: Amp, params: unknown): { ip: string; requestId: unknown; payload: unknown } | Outcome {
  const p = NstConfigParamsSchema.safeParse(params);
  if (!p.success) return fail(DeviceErrorCode.InvalidParams, 'expects {ipAddress, requestId, payload?}');
  const panel = touchPanelsOf(amp).get(p.data.ipAddress);
  if (!panel) return fail(DeviceErrorCode.InvalidParams, `no CS Touch panel at ${p.data.ipAddress}`);
  if (!panel.online)
    return fail(DeviceErrorCode.InvalidRequest, `the CS Touch panel at ${p.data.ipAddress} is offline`);
  return { ip: p.data.ipAddress, requestId: p.data.requestId ?? null, payload: p.data.payload };
}

const getConfig: MethodSpec = {
  write: false,
  refuse: onlyAt('getConfig', '/NSTProxy'),
  run: (req, { amp }) => {
    const r = reachable(amp, req.params);
    if ('error' in r || 'result' in r) return r;
    return ok({ requestId: r.requestId, payload: touchPanelsOf(amp).get(r.ip)?.config });
  },
};

const setConfig: MethodSpec = {
  write: true,
  refuse: onlyAt('setConfig', '/NSTProxy'),
  run: (req, { amp }) => {
    const r = reachable(amp, req.params);
    if ('error' in r || 'result' in r) return r;
    const problem = touchConfigProblem(r.payload);
    if (problem !== undefined) return fail(DeviceErrorCode.InvalidParams, problem);
    touchPanelsOf(amp).setConfig(r.ip, r.payload as TouchConfig);
    return ok({ requestId: r.requestId, payload: touchPanelsOf(amp).get(r.ip)?.config });
  },
};

/** The methods of /NSTProxy beyond get/subscribe/set. */
export const nstProxyMethods: Readonly<Record<string, MethodSpec>> = { getConfig, setConfig };

/** Why a `set /NSTProxy` is refused: only `enable` is writable, the device list belongs to the amp. */
export function nstSetRefusal(params: unknown): Outcome | undefined {
  if (!isObj(params)) return undefined;
  const other = Object.keys(params).find((k) => k !== 'enable');
  return other === undefined
    ? undefined
    : fail(DeviceErrorCode.Forbidden, `/NSTProxy/${other} is read-only: only enable can be set`);
}
