/**
 * The amp's parameter tree: every URL and field of spec 2 §3/§7 and device-api-notes.md, declared once.
 * Types, the `info` reply, default state, `set` validation and clamping are all derived from this object.
 */
import * as z from 'zod/mini';
import { CHOSEN } from './chosen';
import {
  AUTO_STANDBY_MODES,
  CONNECTION_TYPES,
  CROSSOVER_TYPES,
  DOT1X_MODES,
  EQ_TYPES,
  FIRMWARE_STATUSES,
  GPIO_MODES,
  GPIO_POLARITIES,
  HIZ_LOZ,
  INPUT_SELECTOR_MODES,
  INPUT_SOURCES,
  INPUT_TYPES,
  MONITOR_STATUSES,
  ON_RAMP_SOURCES,
  OUTPUT_STATUSES,
  POWER_SOURCES,
  SECONDARY_SOURCES,
  SENSITIVITIES,
  SIGNAL_GENERATOR_TYPES,
  inputSourcesFor,
  isLinearPhase,
} from './choices';
import { boardCount } from './models';
import { bool, coll, flag, num, obj, oneOf, range, reading, rec, str, type TreeContext } from './schema';

// ---- capability predicates ----
const isAmp = (c: TreeContext) => c.model.kind === 'amp';
const cap = (k: keyof TreeContext['model']['caps']) => (c: TreeContext) => c.model.caps[k];
const boardsAtLeast = (n: number) => (c: TreeContext) => boardCount(c.model) >= n;

const db = (min: number, max: number, def: number, step = 0.1) => num({ min, max, step, default: def, unit: 'dB' });
const hz = (def: number, min = 20, max = 20000) => num({ min, max, step: 1, default: def, unit: 'Hz', log: true });
const meterDb = reading({ min: -120, max: 20, step: 0.1, unit: 'dB', default: -120 });
const name = (maxLength = 32, defaultFor?: (c: TreeContext) => string) =>
  str({ maxLength, default: '', ...(defaultFor ? { defaultFor } : {}) });
const roText = (maxLength = 64) => str({ maxLength, default: '', readOnly: true });

const crossoverFilter = (def: number, extra: 'low' | 'high') =>
  obj({
    enable: bool({ default: false }),
    type: oneOf(CROSSOVER_TYPES, {
      default: 'Linkwitz-Riley 24dB/oct',
      choicesFor: (c: TreeContext) => CROSSOVER_TYPES.filter((t) => c.model.caps.advancedDsp || !isLinearPhase(t)),
    }),
    frequency: hz(def),
    ...(extra === 'low'
      ? // spec 2 §5: at most 2048 comma-separated coefficients (room for "-0.123456789," each)
        { customFirCoeffs: str({ maxLength: 2048 * 16, default: '', when: cap('customFir') }) }
      : {}),
  });

const iirFilter = obj({
  enable: bool({ default: false }),
  type: oneOf(EQ_TYPES, { default: 'Parametric' }),
  frequency: hz(1000),
  q: num({ min: 0.1, max: 24, step: 0.01, default: 0.71, log: true }),
  gain: db(-15, 15, 0),
});

const firFilter = obj({
  enable: bool({ default: false }),
  type: oneOf(CHOSEN.firTypes, { default: 'Dual Shelf' }),
  frequency1: hz(100),
  frequency2: hz(10000),
  bandwidth1: num({ min: 0.1, max: 4, step: 0.01, default: 1, unit: 'oct' }),
  bandwidth2: num({ min: 0.1, max: 4, step: 0.01, default: 1, unit: 'oct' }),
  gain: db(-15, 15, 0),
});

const limiter = (threshold: [number, number, number], time: [number, number, number, number], attackWhen?: boolean) =>
  obj({
    enable: bool({ default: true }),
    threshold: num({ min: threshold[0], max: threshold[1], step: 0.1, default: threshold[2], unit: 'V' }),
    attackTime: num({
      min: time[0],
      max: time[1],
      step: 1,
      default: time[2],
      unit: 'ms',
      ...(attackWhen ? { when: cap('peakLimiterAttackTime') } : {}),
    }),
    releaseTime: num({ min: time[0], max: time[1], step: 1, default: time[3], unit: 'ms' }),
    gainReduction: reading({ min: 0, max: 60, step: 0.1, unit: 'dB' }),
    totalGainReduction: reading({ min: 0, max: 60, step: 0.1, unit: 'dB' }),
  });

const channel = obj(
  {},
  {
    output: obj({
      name: name(32, (c) => `Channel ${c.keys[0] ?? ''}`),
      mute: bool({ default: false }),
      limiting: flag(),
      thermal: flag(),
      fault: flag(),
      ready: flag(),
      enable: bool({ default: true }),
      fader: num({ min: -80, max: 0, step: 0.1, default: 0, unit: 'dB' }),
      clip: flag(),
      signalDetect: flag(),
      autoStandbyActive: flag(),
      status: oneOf(OUTPUT_STATUSES, { default: 'Ok', readOnly: true }),
      hiZLoZ: oneOf(HIZ_LOZ, { default: 'LoZ' }),
      hiZHpfEnable: bool({ default: false }),
      hiZHpfFrequency: hz(50, 35, 5000),
      backpanelPotAttn: reading({ min: -80, max: 0, step: 0.1, unit: 'dB', default: 0, when: cap('potLockout') }),
      super8: bool({ default: false }),
      faderZoneOffset: reading({ min: -80, max: 0, step: 0.1, unit: 'dB', default: 0 }),
      faderZoneAdjust: reading({ min: -80, max: 0, step: 0.1, unit: 'dB', default: 0 }),
    }),
    levels: obj({
      level_db: meterDb,
      level_volts: reading({ min: 0, max: 200, step: 0.1, unit: 'V' }),
      level_watts: reading({ min: 0, max: 5000, step: 0.1, unit: 'W' }),
      level_amps: reading({ min: 0, max: 100, step: 0.01, unit: 'A' }),
    }),
    inputSelector: obj({
      primary: oneOf(INPUT_SOURCES, {
        default: 'Analog 1',
        choicesFor: (c: TreeContext) => inputSourcesFor(c.model),
      }),
      secondary: oneOf(SECONDARY_SOURCES, {
        default: 'None',
        choicesFor: (c: TreeContext) => ['None', ...inputSourcesFor(c.model)] as (typeof SECONDARY_SOURCES)[number][],
      }),
      primaryFader: db(-80, 0, 0),
      secondaryFader: db(-80, 0, 0),
      primaryThreshold: db(-80, 0, -60),
      secondaryThreshold: db(-80, 0, -60),
      mode: oneOf(INPUT_SELECTOR_MODES, { default: 'Backup' }),
      signalGeneratorEnable: bool({ default: false }),
      signalGeneratorFader: db(-80, 0, -20),
      danteOnRamp: oneOf(ON_RAMP_SOURCES, {
        default: 'Post Crossover',
        when: cap('danteOnRamp'),
        choicesFor: (c: TreeContext) => ON_RAMP_SOURCES.filter((s) => s !== 'Silence' || c.model.caps.advancedDsp),
      }),
      primaryLevel: meterDb,
      secondaryLevel: meterDb,
      primarySignalDetect: flag(),
      secondarySignalDetect: flag(),
      primaryClip: flag(),
      secondaryClip: flag(),
      signalDetect: flag(),
      clip: flag(),
    }),
    inputDelay: obj({ delayMs: num({ min: 0, max: 100, step: 0.01, default: 0, unit: 'ms' }) }),
    crossover: obj(
      {},
      {
        bandGainAndDelay: obj({
          gain: db(-15, 15, 0),
          delay: num({ min: 0, max: 100, step: 0.01, default: 0, unit: 'ms' }),
          invert: bool({ default: false }),
        }),
        lowPassFilter: crossoverFilter(20000, 'low'),
        highPassFilter: crossoverFilter(20, 'high'),
      },
    ),
    outputEqFilters: coll(() => range(8), iirFilter),
    inputIirEqFilters: coll(() => range(8), iirFilter, { when: cap('advancedDsp') }),
    inputFirEqFilters: coll(() => range(16), firFilter, { when: cap('advancedDsp') }),
    rmsLimiter: limiter([10, 140, 140], [1000, 10000, 2000, 5000]),
    peakLimiter: limiter([14, 198, 198], [1, 1000, 1, 100], true),
    loadMonitor: obj({
      enable: bool({ default: false }),
      measuredImpedance: reading({ min: 0, max: 250, step: 0.1, unit: 'ohm' }),
      highLimit: num({ min: 8, max: 250, step: 0.1, default: 16, unit: 'ohm' }),
      lowLimit: num({ min: 1, max: 250, step: 0.1, default: 2, unit: 'ohm' }),
      status: oneOf(MONITOR_STATUSES, { default: 'Ok', readOnly: true }),
      testing: flag(),
    }),
    pilotToneDetector: obj({
      enable: bool({ default: false }),
      measuredLevel: reading({ min: -120, max: 20, step: 0.1, unit: 'dB', default: -120 }),
      toneFrequency: num({ min: 10000, max: 25000, step: 1, default: 20000, unit: 'Hz' }),
      openLimit: db(-60, 0, -20),
      shortLimit: db(-60, 20, 6),
      timeElapsedForError: num({ min: 1, max: 3600, step: 1, default: 10, unit: 's' }),
      sensitivity: db(-60, 0, -40),
      inputEnablePrimary: bool({ default: false, when: cap('pilotToneV2') }),
      inputEnableSecondary: bool({ default: false, when: cap('pilotToneV2') }),
      inputThresholdPrimary: { ...db(-80, 0, -40), when: cap('pilotToneV2') },
      inputThresholdSecondary: { ...db(-80, 0, -40), when: cap('pilotToneV2') },
      inputPresentPrimary: flag({ when: cap('pilotToneV2') }),
      inputPresentSecondary: flag({ when: cap('pilotToneV2') }),
      levels: reading({ min: -120, max: 20, step: 0.1, unit: 'dB', default: -120 }),
      CrossoverBypass: bool({ default: false }),
      testing: flag(),
      status: oneOf(MONITOR_STATUSES, { default: 'Ok', readOnly: true }),
    }),
  },
);

const analogInput = obj({
  name: name(32, (c) => `Analog ${c.keys[0] ?? ''}`),
  sensitivity: oneOf(SENSITIVITIES, { default: '26dB' }),
  micGain: num({ min: 0, max: 60, step: 1, default: 0, unit: 'dB', when: cap('micGain') }),
  inputType: oneOf(INPUT_TYPES, { default: 'Line', when: cap('micGain') }),
  trim: db(-12, 12, 0),
  level: meterDb,
  clip: flag(),
});
const networkInput = (prefix: string) =>
  obj({
    name: name(32, (c) => `${prefix} ${c.keys[0] ?? ''}`),
    trim: db(-12, 12, 0),
    level: meterDb,
    clip: flag(),
  });

const amp = obj(
  {},
  {
    deviceInfo: obj({
      deviceName: name(64),
      venueName: name(64),
      modelID: str({ maxLength: 64, default: '', readOnly: true, defaultFor: (c) => c.model.modelID }),
      assetTagNumber: name(64),
      dateOfInstallation: name(32),
      installerName: name(64),
      installerContactInfo: name(128),
      rackName: name(64),
      rackPosition: name(16),
      serialNumber: roText(32),
      dateOfMfg: roText(32),
      hardwareID: roText(32),
      hardwareRevision: roText(16),
      firmwareVersion: roText(32),
      upTime: reading({ min: 0, max: 2 ** 31 - 1, step: 1, unit: 's' }),
      numInputs: reading({ min: 0, max: 32, step: 1 }),
      numOutputs: reading({ min: 0, max: 8, step: 1 }),
      backPanelAttnPotLockout: bool({ default: false, when: cap('potLockout') }),
      powerSupplyfirmwareVersion: roText(32),
      amp12firmwareVersion: { ...roText(32), when: boardsAtLeast(1) },
      amp34firmwareVersion: { ...roText(32), when: boardsAtLeast(2) },
      amp56firmwareVersion: { ...roText(32), when: boardsAtLeast(3) },
      amp78firmwareVersion: { ...roText(32), when: boardsAtLeast(4) },
    }),
    powerSupply: obj({
      acLineVoltage: reading({ min: 0, max: 300, step: 0.1, unit: 'V' }),
      acLineCurrent: reading({ min: 0, max: 100, step: 0.1, unit: 'A' }),
      acLineWatts: reading({ min: 0, max: 5000, step: 1, unit: 'W' }),
      fault: flag(),
      thermal: flag(),
      powerOk: { ...flag(), default: true },
      lineWarning: flag(),
      lineWarningAutoLimits: bool({ default: true }),
      lineLowLimitWarning: num({ min: 80, max: 300, step: 1, default: 90, unit: 'V' }),
      lineHighLimitWarning: num({ min: 80, max: 300, step: 1, default: 264, unit: 'V' }),
      powerSource: oneOf(POWER_SOURCES, { default: 'AC LINE', readOnly: true }),
      poeStatus: oneOf(CHOSEN.poeStatuses, { default: 'Not Present', readOnly: true }),
      outputPortMode: oneOf(CHOSEN.outputPortModes, { default: 'Fault', when: cap('gpio') }),
      outputPortPolarity: oneOf(GPIO_POLARITIES, { default: 'Normally Open', when: cap('gpio') }),
      estPowerUsageAutoStandby: reading({ min: 0, max: 5000, step: 0.1, unit: 'W' }),
      estPowerUsagePoe: reading({ min: 0, max: 100, step: 0.1, unit: 'W' }),
    }),
    autoStandby: obj({
      enable: bool({ default: false }),
      mode: oneOf(AUTO_STANDBY_MODES, { default: 'Heartbeat' }),
      threshold: num({ min: -90, max: -20, step: 1, default: -60, unit: 'dBFS' }),
      timeToWait: num({ min: 1, max: 240, step: 1, default: 30, unit: 'min' }),
      active: flag(),
    }),
    signalGenerator: obj({
      type: oneOf(SIGNAL_GENERATOR_TYPES, { default: 'Pink Noise' }),
      frequency: hz(1000),
    }),
    inputs: obj(
      {},
      {
        analog: coll((c) => range(c.model.analogInputs), analogInput),
        dante: coll((c) => range(c.model.danteInputs), networkInput('Dante'), {
          when: (c: TreeContext) => c.model.danteInputs > 0,
        }),
        digital: coll((c) => range(c.model.digitalInputs), networkInput('Digital'), {
          when: (c: TreeContext) => c.model.digitalInputs > 0,
        }),
      },
    ),
    channels: coll((c) => range(c.model.channels), channel),
  },
  { when: isAmp },
);

const ipField = () => str({ maxLength: 18, default: '' }); // "192.168.1.20/24": CIDR allowed (spec 2 §5)

const network = obj(
  {},
  {
    ethernet: obj({
      mac: roText(17),
      dhcp: bool({ default: true }),
      ip: ipField(),
      subnetMask: str({ maxLength: 15, default: '255.255.255.0' }),
      gateway: str({ maxLength: 15, default: '' }),
      dot1xEnable: bool({ default: false, when: cap('dot1x') }),
      dot1xMode: oneOf(DOT1X_MODES, { default: 'Disabled', when: cap('dot1x') }),
      dot1xIdentity: str({ maxLength: 128, default: '', when: cap('dot1x') }),
      dot1xAnonymousIdentity: str({ maxLength: 128, default: '', when: cap('dot1x') }),
      dot1xDomain: str({ maxLength: 128, default: '', when: cap('dot1x') }),
      dot1xPassword: str({ maxLength: 128, default: '', when: cap('dot1x') }),
      dot1xCACertValid: flag({ when: cap('dot1x') }),
      dot1xClientCertValid: flag({ when: cap('dot1x') }),
      dot1xClientKeyCheck: flag({ when: cap('dot1x') }),
      dot1xUploadedCACert: flag({ when: cap('dot1x') }),
      dot1xUploadedClientCert: flag({ when: cap('dot1x') }),
      dot1xUploadedClientKey: flag({ when: cap('dot1x') }),
    }),
    wifi: obj(
      {
        enable: bool({ default: false }),
        ssid: str({ maxLength: 32, default: '' }),
        password: str({ maxLength: 63, default: '' }),
        mac: roText(17),
        dhcp: bool({ default: true }),
        ip: ipField(),
        subnetMask: str({ maxLength: 15, default: '255.255.255.0' }),
        gateway: str({ maxLength: 15, default: '' }),
        signalStrength: reading({ min: -100, max: 0, step: 1, unit: 'dBm', default: 0 }),
      },
      {},
      { when: cap('wifi') },
    ),
    apConfig: obj({
      password: str({ maxLength: 63, default: '' }),
      buttonEnable: bool({ default: true }),
      active: flag(),
    }),
  },
);

const boardStatus = (n: number) => ({ ...roText(64), when: boardsAtLeast(n) });

const misc = obj({
  passwordProtected: flag(),
  findMe: bool({ default: false }),
  ipAddr: roText(15),
  connectionType: oneOf(CONNECTION_TYPES, { default: 'Wired', readOnly: true }),
  fwUpdateStatus: oneOf(FIRMWARE_STATUSES, { default: 'None', readOnly: true }),
  psFwUpdateStatus: roText(64),
  amp1FwUpdateStatus: boardStatus(1),
  amp2FwUpdateStatus: boardStatus(2),
  amp3FwUpdateStatus: boardStatus(3),
  amp4FwUpdateStatus: boardStatus(4),
  clearLogs: bool({ default: false, action: true }),
  verifyPassword: str({ maxLength: 128, default: '', action: true }),
});

const logs = obj({
  events: str({ maxLength: 65536, default: '', readOnly: true }),
  faults: str({ maxLength: 65536, default: '', readOnly: true }),
});

/** Registration states of the emulator's cloud agent (our addition to /cloud; spec 1 §4 device-to-cloud registration). */
export const CLOUD_STATUSES = ['Unregistered', 'Registering', 'Registered', 'Connected', 'Failed'] as const;
/**
 * Why the cloud agent last failed or let its credentials go (our addition to /cloud, issue 16), shown on the amp's
 * Connect page: the cloud's refusal of a token (cloud/errors.ts DEVICE_API_ERRORS), any other refused registration,
 * the cloud removing the amp, or the broker refusing its credentials. None after a successful registration.
 */
export const CLOUD_ERRORS = [
  'None',
  'REGISTRATION_TOKEN_INVALID',
  'REGISTRATION_TOKEN_USED',
  'REGISTRATION_TOKEN_EXPIRED',
  'REGISTRATION_REFUSED',
  'DEVICE_REMOVED',
  'CREDENTIALS_REFUSED',
] as const;
/** A value of `/cloud lastError`. */
export type CloudError = (typeof CLOUD_ERRORS)[number];

const cloud = obj({
  registrationToken: str({ maxLength: 256, default: '' }),
  registrationEndpoint: str({ maxLength: 512, default: '' }),
  sensorPublishStart: bool({ default: false, action: true }),
  sensorPublishDuration: num({ min: 1, max: 3600, step: 1, default: CHOSEN.sensorPublishDurationDefault, unit: 's' }),
  status: oneOf(CLOUD_STATUSES, { default: 'Unregistered', readOnly: true }),
  deviceId: roText(64),
  lastError: oneOf(CLOUD_ERRORS, { default: 'None', readOnly: true }),
});

const gpioPort = obj({
  mode: oneOf(GPIO_MODES, { default: 'None' }),
  behavior: oneOf(CHOSEN.gpioBehaviors, { default: 'Mute' }),
  polarity: oneOf(GPIO_POLARITIES, { default: 'Normally Open' }),
});

const tech = obj({
  temperatureAmp12: {
    ...reading({ min: -20, max: 150, step: 0.1, unit: 'degC', default: 35 }),
    when: boardsAtLeast(1),
  },
  temperatureAmp34: {
    ...reading({ min: -20, max: 150, step: 0.1, unit: 'degC', default: 35 }),
    when: boardsAtLeast(2),
  },
  temperatureAmp56: {
    ...reading({ min: -20, max: 150, step: 0.1, unit: 'degC', default: 35 }),
    when: boardsAtLeast(3),
  },
  temperatureAmp78: {
    ...reading({ min: -20, max: 150, step: 0.1, unit: 'degC', default: 35 }),
    when: boardsAtLeast(4),
  },
  temperaturePowerSupply: reading({ min: -20, max: 150, step: 0.1, unit: 'degC', default: 35 }),
  fanSpeed: reading({ min: 0, max: 100, step: 1, unit: '%' }),
});

/** UAC permission levels (spec 2 §6): Locked 0, Readonly 1, Write 2. */
export const UacLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** `/UAC`: a key and roles with per-permission levels (spec 2 §6). */
export const UacSchema = z.object({
  key: z.string().check(z.maxLength(256)),
  roles: z.record(z.string().check(z.maxLength(64)), z.record(z.string().check(z.maxLength(128)), UacLevelSchema)),
});

/** `/lockedProperties`: locked property groups (spec 3 §3). Keys are held obfuscated by the amp. */
export const LockedPropertiesSchema = z.object({
  groups: z.record(
    z.string().check(z.maxLength(64)),
    z.object({ key: z.string().check(z.maxLength(256)), properties: z.array(z.string().check(z.maxLength(256))) }),
  ),
});

/** One amp seen on the network, keyed by IP in `/discovery devices`. */
export const DiscoveredDeviceSchema = z.object({
  ip: z.string().check(z.maxLength(21)),
  deviceName: z.string().check(z.maxLength(64)),
  modelID: z.string().check(z.maxLength(64)),
  mac: z.string().check(z.maxLength(17)),
  firmwareVersion: z.string().check(z.maxLength(32)),
  kind: z.enum(['amp', 'touch']),
});
export const DiscoverySchema = z.object({ devices: z.record(z.string(), DiscoveredDeviceSchema) });

/** One CS Touch controller reached through `/NSTProxy`, keyed by IP. */
export const NstDeviceSchema = z.object({
  ipAddress: z.string().check(z.maxLength(21)),
  name: z.string().check(z.maxLength(64)),
  modelID: z.string().check(z.maxLength(64)),
  firmwareVersion: z.string().check(z.maxLength(32)),
  online: z.boolean(),
});
export const NstProxySchema = z.object({ enable: z.boolean(), devices: z.record(z.string(), NstDeviceSchema) });

/** The whole tree, rooted at `/`. */
export const DEVICE_TREE = obj(
  {},
  {
    amp,
    network,
    misc,
    logs,
    cloud,
    tech: { ...tech, when: isAmp },
    GPIO: coll(() => range(CHOSEN.gpioPorts), gpioPort, { when: cap('gpio') }),
    UAC: rec(UacSchema, () => ({ key: '', roles: {} })),
    lockedProperties: rec(LockedPropertiesSchema, () => ({ groups: {} }), { readOnly: true }),
    discovery: rec(DiscoverySchema, () => ({ devices: {} }), { readOnly: true }),
    NSTProxy: rec(NstProxySchema, () => ({ enable: false, devices: {} })),
  },
);
export type DeviceTree = typeof DEVICE_TREE;

/** Top-level nodes whose value travels whole in replies and notifications (a removed entry must disappear). */
export const RECORD_NODE_KEYS: readonly string[] = Object.entries(DEVICE_TREE.children)
  .filter(([, n]) => n.kind === 'record')
  .map(([k]) => k);
