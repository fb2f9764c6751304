/**
 * Makes an emulated amp live: a timer advances the physics (see world.ts) and publishes what changed through
 * `amp.apply(delta, 'amp')`, meters at their own rate and slow readings (power supply, temperatures) once a second.
 * Fault injection (faults.ts) changes what the physics sees; one-shot faults (firmware, network) act at once.
 */
import { mergeInto, type Amp } from '../amp';
import { assertFaultFits, activeFaults, faultMatches, supersedes, type Fault } from './faults';
import { appendEvent, appendFault } from './logs';
import { quantizeDelta } from './quantize';
import { World, type AmpView, type DeviceView, type LogLine } from './world';

type Obj = Record<string, unknown>;

/** How the physics runs. */
export interface PhysicsOptions {
  /** Simulated time per real time: 60 makes a minute of auto-standby wait pass in a second. Default 1. */
  readonly speed?: number;
  /** Real milliseconds between ticks. Default 100. */
  readonly tickMs?: number;
  /** Random source in [0, 1); pass seededRandom(seed) for repeatable runs. Default Math.random. */
  readonly random?: () => number;
  /** Clock for log line timestamps. Default the system clock. */
  readonly now?: () => Date;
  /** No timer: the caller advances the amp with tick() (tests). Default false. */
  readonly manual?: boolean;
  /** Called when a timer tick throws (so a bad tick cannot crash the process). Default console.error. */
  readonly onError?: (error: unknown) => void;
}

/** A running physics: stop it, inject and clear faults, or advance it by hand. */
export interface Physics {
  /** Stops the timer and network listener; the amp keeps its last state. */
  stop(): void;
  /** Injects a fault; throws when it does not fit the model (a channel or input the model lacks). */
  inject(fault: Fault): void;
  /** Clears the faults matching `fault` (same type and the target fields it names), or all faults. */
  clear(fault?: Fault): void;
  /** Advances by `dtMs` real milliseconds (× speed simulated) in steps of tickMs, publishing as the timer would. */
  tick(dtMs: number): void;
  /** The active faults: injected and not cleared; `unplugNetwork` while the network is down; never `firmware`. */
  faults(): Fault[];
}

/** Meters are published every 200 ms, slow readings every second (real time), to keep notify traffic sane. */
const METER_MS = 200;
const SLOW_MS = 1000;
const BOARD_FIRMWARE_KEYS = [
  'amp12firmwareVersion',
  'amp34firmwareVersion',
  'amp56firmwareVersion',
  'amp78firmwareVersion',
] as const;

/**
 * The parts of the state the physics reads. `read` gives unknown; the views are written to fit the tree
 * (the checker cannot relate the full inferred DeviceState to them within its instantiation budget, TS2589).
 */
function viewOf(amp: Amp): DeviceView {
  return {
    amp: amp.read('/amp') as AmpView | undefined,
    tech: amp.read('/tech') as DeviceView['tech'],
    misc: { findMe: amp.read('/misc/findMe') === true },
  };
}

/** Starts the physics of an amp. A touch controller has no physics: only unplugNetwork and clear apply to it. */
export function startPhysics(amp: Amp, options: PhysicsOptions = {}): Physics {
  const speed = options.speed ?? 1;
  const tickMs = options.tickMs ?? 100;
  if (!(speed > 0) || !(tickMs > 0))
    throw new Error(`physics needs speed > 0 and tickMs > 0, got ${speed} and ${tickMs}`);
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? ((e: unknown) => console.error('amp physics tick failed', e));
  const world = amp.read('/amp') ? new World(amp.model, viewOf(amp), options.random ?? Math.random) : undefined;
  let active: Fault[] = [];
  let view = activeFaults(active);
  // Publish everything on the first tick.
  let meterMs = METER_MS;
  let slowMs = SLOW_MS;

  const setFaults = (list: Fault[]) => {
    active = list;
    view = activeFaults(active);
  };
  const write = (lines: readonly LogLine[]) => {
    for (const l of lines) (l.log === 'events' ? appendEvent : appendFault)(amp, l.text, now());
  };

  function step(realMs: number): void {
    const state = viewOf(amp);
    const a = state.amp;
    if (!world || !a) return;
    const out = world.step(state, a, realMs * speed, view);
    meterMs += realMs;
    slowMs += realMs;
    const delta: Obj = mergeInto({}, out.status);
    if (meterMs >= METER_MS) {
      meterMs = 0;
      mergeInto(delta, out.meters);
    }
    if (slowMs >= SLOW_MS) {
      slowMs = 0;
      mergeInto(delta, out.slow);
    }
    amp.apply(quantizeDelta(delta), 'amp');
    write(out.lines);
  }

  function setFirmware(version: string): void {
    const info = amp.read('/amp/deviceInfo') as Readonly<Record<string, unknown>> | undefined;
    if (!info) return;
    const old = info.firmwareVersion;
    const delta: Obj = { firmwareVersion: version };
    for (const k of BOARD_FIRMWARE_KEYS) if (info[k] !== undefined) delta[k] = version;
    amp.apply({ amp: { deviceInfo: delta } }, 'amp');
    appendEvent(amp, `Firmware: updated from ${typeof old === 'string' && old ? old : 'unknown'} to ${version}`, now());
  }

  const offNetwork = amp.onNetwork((up) => {
    if (!up) return;
    setFaults(active.filter((f) => f.type !== 'unplugNetwork'));
    appendEvent(amp, 'Network: link restored', now());
  });

  const timer = options.manual
    ? undefined
    : setInterval(() => {
        try {
          step(tickMs);
        } catch (e) {
          onError(e);
        }
      }, tickMs);
  timer?.unref();

  const physics: Physics = {
    stop() {
      clearInterval(timer);
      offNetwork();
    },
    inject(fault) {
      assertFaultFits(amp.model, fault);
      switch (fault.type) {
        case 'clear':
          physics.clear();
          return;
        case 'firmware':
          setFirmware(fault.version);
          return;
        case 'unplugNetwork':
          setFaults([...active.filter((f) => f.type !== 'unplugNetwork'), fault]);
          appendEvent(amp, `Network: unplugged for ${fault.seconds} s`, now());
          amp.unplugNetwork(fault.seconds * 1000);
          return;
        default:
          setFaults([...active.filter((f) => !supersedes(fault, f)), fault]);
          if (fault.type === 'warning' && fault.channel !== undefined) world?.holdWarning(fault.channel);
      }
    },
    clear(fault) {
      const all = fault === undefined || fault.type === 'clear';
      const removed = all ? active : active.filter((f) => faultMatches(fault, f));
      setFaults(all ? [] : active.filter((f) => !faultMatches(fault, f)));
      // Plugging the network back in fires the listener above, which logs it.
      if (removed.some((f) => f.type === 'unplugNetwork') && !amp.networkUp) amp.unplugNetwork(0);
    },
    tick(dtMs) {
      for (let left = dtMs; left > 0; left -= tickMs) step(Math.min(tickMs, left));
    },
    faults() {
      return active.filter((f) => f.type !== 'unplugNetwork' || !amp.networkUp);
    },
  };
  return physics;
}
