/**
 * Heat and mains: per-board temperatures (tech.temperatureAmp12..78) that follow output power,
 * the power supply's own temperature, and the AC line readings of /amp/powerSupply.
 */
import { gaussian } from './random';

/** A board at or above this temperature raises its channels' thermal warning (°C). */
export const THERMAL_WARNING_C = 85;
/** A board at or above this shuts its channels down (Faulted) until it cools below THERMAL_RESUME_C. */
export const THERMAL_SHUTDOWN_C = 100;
const THERMAL_RESUME_C = 80;
const AMBIENT_C = 35;
/** Heat-sink rise of a running board, idle and at both channels' full rated power. */
const IDLE_RISE_C = 5;
const FULL_POWER_RISE_C = 40;
const TAU_S = 120;
/** An injected overheat (a blocked fan) drives the board here, fast; an injected warning holds it just above the warning. */
const OVERHEAT_C = 115;
const OVERHEAT_TAU_S = 20;
const WARNING_HOLD_C = 88;

/** Mains: nominal line voltage with a little noise; an injected sag drops it below the default low warning limit. */
const LINE_NOMINAL_V = 230;
const LINE_SAG_V = 85;
const LINE_NOISE_V = 1;
const LINE_TAU_S = 5;
/** Output stage efficiency (class D) and the draw of the electronics. */
const EFFICIENCY = 0.85;
const idleWatts = (channels: number) => 30 + 6 * channels;
/** Estimated draw in auto-standby (powerSupply.estPowerUsageAutoStandby). */
export const standbyWatts = (channels: number): number => 8 + 1.5 * channels;
/** What the mains side still draws with a failed power supply (the control board on its auxiliary supply). */
const FAILED_PS_WATTS = 3;

/** tech field of each amp board, one per channel pair. */
export const BOARD_KEYS = ['temperatureAmp12', 'temperatureAmp34', 'temperatureAmp56', 'temperatureAmp78'] as const;
/** The index of the board (0-3) that drives a channel (1-8). */
export const boardOf = (channel: number): number => Math.ceil(channel / 2) - 1;

/** What heats a board beyond its output: an injected overheat or warning. */
export type BoardDrive = 'overheat' | 'warning' | undefined;

/** Board and power-supply temperatures with thermal shutdown hysteresis. */
export class Thermals {
  readonly boards: number[];
  private readonly down: boolean[];
  psTemp: number;

  constructor(tech: Readonly<Record<string, number | undefined>> | undefined, boardCount: number) {
    this.boards = BOARD_KEYS.slice(0, boardCount).map((k) => tech?.[k] ?? AMBIENT_C);
    this.down = this.boards.map(() => false);
    this.psTemp = tech?.temperaturePowerSupply ?? AMBIENT_C;
  }

  /** Advances temperatures: each board towards the heat its output, its state and any injected drive give it. */
  step(
    dtSec: number,
    load: { boardWatts: number[]; ratedBoardWatts: number; running: boolean; psShare: number },
    drive: (b: number) => BoardDrive,
  ) {
    this.boards.forEach((t, b) => {
      const d = drive(b);
      const own =
        AMBIENT_C +
        (load.running ? IDLE_RISE_C : 0) +
        (FULL_POWER_RISE_C * (load.boardWatts[b] ?? 0)) / load.ratedBoardWatts;
      const target = d === 'overheat' ? OVERHEAT_C : d === 'warning' ? Math.max(own, WARNING_HOLD_C) : own;
      const tau = d === undefined ? TAU_S : OVERHEAT_TAU_S;
      const next = target + (t - target) * Math.exp(-dtSec / tau);
      this.boards[b] = next;
      this.down[b] = this.down[b] ? next > THERMAL_RESUME_C : next >= THERMAL_SHUTDOWN_C;
    });
    const psTarget = AMBIENT_C + 30 * load.psShare;
    this.psTemp = psTarget + (this.psTemp - psTarget) * Math.exp(-dtSec / TAU_S);
  }

  /** Puts a board at least at the warning-hold temperature at once (an injected warning shows without waiting). */
  holdWarning(b: number): void {
    const t = this.boards[b];
    if (t !== undefined && t < WARNING_HOLD_C) this.boards[b] = WARNING_HOLD_C;
  }

  /** The board is hot enough for a thermal warning. */
  warning(b: number): boolean {
    return (this.boards[b] ?? AMBIENT_C) >= THERMAL_WARNING_C;
  }

  /** The board is in thermal shutdown. */
  shutdown(b: number): boolean {
    return this.down[b] ?? false;
  }

  /** The `tech` readings: temperatures and a fan that speeds up with the hottest board. */
  tech(): Record<string, number> {
    const out: Record<string, number> = { temperaturePowerSupply: this.psTemp };
    this.boards.forEach((t, b) => (out[BOARD_KEYS[b]!] = t));
    const hottest = Math.max(this.psTemp, ...this.boards);
    out.fanSpeed = Math.min(100, Math.max(0, ((hottest - AMBIENT_C) / 50) * 100));
    return out;
  }
}

/** The AC line voltage: a noisy nominal, or a sag while a line warning is injected. */
export class MainsLine {
  private noise = 0;

  constructor(private readonly random: () => number) {}

  /** Advances the line noise and returns the voltage now. */
  step(dtSec: number, sag: boolean): number {
    const decay = Math.exp(-dtSec / LINE_TAU_S);
    this.noise = this.noise * decay + LINE_NOISE_V * Math.sqrt(1 - decay * decay) * gaussian(this.random);
    return (sag ? LINE_SAG_V : LINE_NOMINAL_V) + this.noise;
  }
}

/** Mains draw for the power supply readings: idle electronics plus output power over efficiency. */
export function lineWatts(o: { outputWatts: number; channels: number; standby: boolean; psFail: boolean }): number {
  if (o.psFail) return FAILED_PS_WATTS;
  if (o.standby) return standbyWatts(o.channels);
  return idleWatts(o.channels) + o.outputWatts / EFFICIENCY;
}

/** The most the amp can draw (all channels at rated power), to scale the power supply's heating. */
export const fullLineWatts = (channels: number, wattsPerChannel: number): number =>
  idleWatts(channels) + (channels * wattsPerChannel) / EFFICIENCY;
