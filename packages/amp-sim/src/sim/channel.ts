/**
 * One channel's signal path for one physics tick: input selector → generator → faders and crossover →
 * limiters → output stage into the load, plus the load monitor, the pilot tone detector and the output status.
 */
import type { HiZLoZ, MonitorStatus, OutputStatus } from '@rackside/protocol';
import { gaussian } from './random';
import {
  type CrossoverView,
  CLIP_DB,
  SILENT_DB,
  crestFactor,
  crossoverShareDb,
  fromDb,
  generatorDb,
  toDb,
  type SignalKind,
} from './signal';

/** The load on a channel's output: as installed, shorted, or disconnected (fault injection). */
export type LoadState = 'normal' | 'short' | 'open';

/** A shorted load and an open one, as the load monitor reads them (its range is 0-250 Ω). */
const SHORT_OHMS = 0.5;
const OPEN_OHMS = 250;
/** A Lo-Z channel drives an 8 Ω speaker; a Hi-Z line is loaded to the amp's rated power at 70 or 100 V. */
const LOZ_OHMS = 8;
/** The load monitor needs this much output (V rms) to measure, unless the pilot tone gives it a signal. */
const MEASURE_MIN_VOLTS = 0.1;
/** The pilot tone's level at a nominal load; a short raises it, an open load drops it (dB). */
const PILOT_NOMINAL_DB = -6;
/** Output meters below this (dB re rated voltage) read as no signal. */
const OUTPUT_DETECT_DB = -60;

/**
 * The parts of a channel's settings the physics reads (a full ChannelState fits). Written out by hand:
 * reading the inferred tree types this deep exceeds the checker's instantiation budget (TS2589).
 */
export interface ChannelView {
  readonly output: {
    readonly enable: boolean;
    readonly mute: boolean;
    readonly fader: number;
    readonly hiZLoZ: HiZLoZ;
  };
  readonly inputSelector: {
    readonly primary: string;
    readonly secondary: string;
    readonly primaryFader: number;
    readonly secondaryFader: number;
    readonly primaryThreshold: number;
    readonly secondaryThreshold: number;
    readonly mode: 'Override' | 'Backup';
    readonly signalGeneratorEnable: boolean;
    readonly signalGeneratorFader: number;
  };
  readonly crossover: CrossoverView & { readonly bandGainAndDelay: { readonly gain: number } };
  readonly rmsLimiter: LimiterView;
  readonly peakLimiter: LimiterView;
  readonly loadMonitor: { readonly enable: boolean; readonly lowLimit: number; readonly highLimit: number };
  readonly pilotToneDetector: {
    readonly enable: boolean;
    readonly openLimit: number;
    readonly shortLimit: number;
    readonly timeElapsedForError: number;
    readonly inputEnablePrimary?: boolean;
    readonly inputEnableSecondary?: boolean;
    readonly inputThresholdPrimary?: number;
    readonly inputThresholdSecondary?: number;
  };
}
interface LimiterView {
  readonly enable: boolean;
  readonly threshold: number;
}

/** Everything outside a channel that decides what it does this tick. */
export interface ChannelEnv {
  readonly ch: ChannelView;
  /** Rated output into 4 Ω (ModelInfo.wattsPerChannel). */
  readonly wattsPerChannel: number;
  /** The level (dBFS, after trim) of an input-selector source name. */
  readonly source: (name: string) => number;
  readonly generator: { readonly type: Exclude<SignalKind, 'music'>; readonly frequency: number };
  readonly standby: boolean;
  readonly psFail: boolean;
  /** The channel's amp board is above its thermal warning / shutdown temperature. */
  readonly thermal: boolean;
  readonly shutdown: boolean;
  readonly load: LoadState;
  readonly random: () => number;
  /** Simulated seconds since the last tick. */
  readonly dtSec: number;
}

/** What a channel remembers between ticks. */
export interface ChannelMemory {
  /** How long the pilot tone has read a bad level (s): the status turns only after timeElapsedForError. */
  pilotBadSec: number;
}

/** A problem a channel shows, for the logs (the caller prefixes "Channel n: "). */
export interface ChannelProblem {
  readonly key: string;
  readonly text: string;
}

/** Part of a channel's subtree: `{output: {status: 'Ok', ...}, levels: {...}}`. */
export type ChannelPatch = Record<string, Record<string, number | string | boolean>>;

/** One tick's result: flags and statuses (published every tick), meters (published at the meter rate), power. */
export interface ChannelReading {
  readonly status: ChannelPatch;
  readonly meters: ChannelPatch;
  /** Power delivered into the load (W). */
  readonly watts: number;
  readonly problems: ChannelProblem[];
}

/** Rated output voltage and nominal load impedance: V = sqrt(P·R) for Lo-Z; the line voltage for Hi-Z. */
export function channelRating(hiZLoZ: HiZLoZ, wattsPerChannel: number): { volts: number; ohms: number } {
  if (hiZLoZ === 'LoZ') return { volts: Math.sqrt(wattsPerChannel * LOZ_OHMS), ohms: LOZ_OHMS };
  const volts = hiZLoZ === 'HiZ-70V' ? 70 : 100;
  return { volts, ohms: (volts * volts) / Math.max(1, wattsPerChannel) };
}

/** Computes one channel for one tick (updates `mem`). */
export function computeChannel(env: ChannelEnv, mem: ChannelMemory): ChannelReading {
  const { ch, random } = env;
  const { output: o, inputSelector: sel } = ch;
  const rating = channelRating(o.hiZLoZ, env.wattsPerChannel);
  const loadOhms = env.load === 'short' ? SHORT_OHMS : env.load === 'open' ? OPEN_OHMS : rating.ohms;

  // Input selector: Backup lets the secondary stand in while the primary is silent; Override lets it take over whenever present.
  const p = env.source(sel.primary);
  const s = sel.secondary === 'None' ? SILENT_DB : env.source(sel.secondary);
  const pDetect = p > sel.primaryThreshold;
  const sDetect = sel.secondary !== 'None' && s > sel.secondaryThreshold;
  const useSecondary = sDetect && (sel.mode === 'Override' || !pDetect);
  const kind: SignalKind = sel.signalGeneratorEnable ? env.generator.type : 'music';
  const chosen = useSecondary ? s : p;
  const programme = sel.signalGeneratorEnable
    ? generatorDb(kind, sel.signalGeneratorFader, random)
    : chosen <= SILENT_DB
      ? SILENT_DB
      : chosen + (useSecondary ? sel.secondaryFader : sel.primaryFader);

  // spec 2 §4 names the output statuses but not their causes; ours, in priority order:
  //   Faulted: power supply failed, the board is in thermal shutdown, or a shorted load tripped the protection;
  //   Offline: the channel is disabled (`output.enable` false, the Settings tab's Ready switch);
  //   Standby: auto-standby is active; Ok otherwise. `output.ready` is true only when Ok.
  const shorted = env.load === 'short' && o.enable && !env.standby;
  const faultReason = env.psFail ? 'psFail' : env.shutdown ? 'shutdown' : shorted ? 'short' : undefined;
  const status: OutputStatus = faultReason ? 'Faulted' : !o.enable ? 'Offline' : env.standby ? 'Standby' : 'Ok';
  // The output stage runs (and can measure its load) unless disabled, in standby, unpowered or thermally shut down;
  // short-circuit protection silences the output but keeps probing the load.
  const powered = o.enable && !env.standby && !env.psFail && !env.shutdown;

  const driveDb =
    programme +
    o.fader +
    ch.crossover.bandGainAndDelay.gain +
    crossoverShareDb(ch.crossover, kind, env.generator.frequency);
  const vDrive = powered && !o.mute && programme > SILENT_DB ? rating.volts * fromDb(driveDb) : 0;
  const vWould = status === 'Ok' ? vDrive : 0;

  // Limiters in series: the RMS limiter first, then the peak limiter on what it lets through.
  const rmsGr =
    ch.rmsLimiter.enable && vWould > ch.rmsLimiter.threshold ? 20 * Math.log10(vWould / ch.rmsLimiter.threshold) : 0;
  const vPeak = vWould * crestFactor(kind) * 10 ** (-rmsGr / 20);
  const peakGr =
    ch.peakLimiter.enable && vPeak > ch.peakLimiter.threshold ? 20 * Math.log10(vPeak / ch.peakLimiter.threshold) : 0;
  const totalGr = rmsGr + peakGr;
  const vLimited = vWould * 10 ** (-totalGr / 20);
  const volts = Math.min(vLimited, rating.volts);
  const clip = vLimited > 0 && vLimited >= rating.volts * 10 ** (-0.1 / 20);
  const watts = (volts * volts) / loadOhms;
  const levelDb = toDb(volts / rating.volts);

  // Load monitor: measures the load from the output (or the pilot tone); too little signal reads 'Low Signal'.
  const lm = ch.loadMonitor;
  const measuring = lm.enable && powered && (vDrive >= MEASURE_MIN_VOLTS || ch.pilotToneDetector.enable);
  const impedance = measuring ? Math.min(OPEN_OHMS, loadOhms * (1 + 0.01 * gaussian(random))) : undefined;
  const lmStatus: MonitorStatus = !lm.enable
    ? 'Ok'
    : impedance === undefined
      ? 'Low Signal'
      : impedance < lm.lowLimit
        ? 'Short'
        : impedance > lm.highLimit
          ? 'Open'
          : 'Ok';

  // Pilot tone: the amp's own tone, read back; a bad level must last timeElapsedForError before the status turns.
  const pt = ch.pilotToneDetector;
  const ptTesting = pt.enable && powered;
  const ptLevel = ptTesting
    ? PILOT_NOMINAL_DB + 20 * Math.log10(rating.ohms / loadOhms) + 0.2 * gaussian(random)
    : SILENT_DB;
  const ptBad = !ptTesting
    ? undefined
    : ptLevel > pt.shortLimit
      ? 'Short'
      : ptLevel < pt.openLimit
        ? 'Open'
        : undefined;
  mem.pilotBadSec = ptBad ? mem.pilotBadSec + env.dtSec : 0;
  const ptStatus: MonitorStatus = !pt.enable
    ? 'Ok'
    : !ptTesting
      ? 'Low Signal'
      : ptBad && mem.pilotBadSec >= pt.timeElapsedForError
        ? ptBad
        : 'Ok';
  const present = (enabled: boolean | undefined, threshold: number | undefined, level: number) =>
    enabled === true && level > (threshold ?? -40);
  const presentPrimary = present(pt.inputEnablePrimary, pt.inputThresholdPrimary, p);
  const presentSecondary = present(pt.inputEnableSecondary, pt.inputThresholdSecondary, s);

  const problems: ChannelProblem[] = [];
  if (faultReason === 'short') problems.push({ key: 'short', text: 'load short' });
  if (faultReason === 'shutdown') problems.push({ key: 'shutdown', text: 'thermal shutdown' });
  else if (env.thermal) problems.push({ key: 'thermal', text: 'thermal warning' });
  if (lmStatus === 'Short' && faultReason !== 'short')
    problems.push({ key: 'lm-short', text: 'load impedance below low limit' });
  if (lmStatus === 'Open') problems.push({ key: 'lm-open', text: 'load open' });
  if (ptStatus === 'Short' || ptStatus === 'Open')
    problems.push({ key: `pilot-${ptStatus}`, text: `pilot tone ${ptStatus}` });
  if (pt.inputEnablePrimary && !presentPrimary)
    problems.push({ key: 'pilot-primary', text: 'pilot tone primary input not present' });
  if (pt.inputEnableSecondary && !presentSecondary)
    problems.push({ key: 'pilot-secondary', text: 'pilot tone secondary input not present' });

  return {
    status: {
      output: {
        status,
        fault: status === 'Faulted',
        ready: status === 'Ok',
        thermal: env.thermal || env.shutdown,
        limiting: totalGr > 0.05,
        clip,
        signalDetect: levelDb > OUTPUT_DETECT_DB,
        autoStandbyActive: env.standby,
      },
      inputSelector: {
        primarySignalDetect: pDetect,
        secondarySignalDetect: sDetect,
        primaryClip: p >= CLIP_DB,
        secondaryClip: s >= CLIP_DB,
        signalDetect: sel.signalGeneratorEnable ? programme > sel.primaryThreshold : useSecondary || pDetect,
        clip: (sel.signalGeneratorEnable ? programme : chosen) >= CLIP_DB,
      },
      loadMonitor: { status: lmStatus, testing: lm.enable },
      pilotToneDetector: {
        status: ptStatus,
        testing: ptTesting,
        ...(pt.inputEnablePrimary !== undefined ? { inputPresentPrimary: presentPrimary } : {}),
        ...(pt.inputEnableSecondary !== undefined ? { inputPresentSecondary: presentSecondary } : {}),
      },
    },
    meters: {
      levels: { level_db: levelDb, level_volts: volts, level_watts: watts, level_amps: volts / loadOhms },
      inputSelector: { primaryLevel: p, secondaryLevel: s },
      rmsLimiter: { gainReduction: rmsGr, totalGainReduction: totalGr },
      peakLimiter: { gainReduction: peakGr, totalGainReduction: totalGr },
      loadMonitor: impedance === undefined ? {} : { measuredImpedance: impedance },
      pilotToneDetector: { measuredLevel: ptLevel, levels: ptLevel },
    },
    watts,
    problems,
  };
}
