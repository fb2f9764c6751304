/**
 * The living amp's state between ticks and one tick of its physics: inputs, auto-standby, heat, channels,
 * power supply, find-me and up time, plus the log lines for every condition raised or cleared.
 */
import { boardCount, type ModelInfo } from '@rackside/protocol';
import { computeChannel, type ChannelEnv, type ChannelMemory, type ChannelView } from './channel';
import type { ActiveFaults } from './faults';
import { MainsLine, THERMAL_WARNING_C, Thermals, boardOf, fullLineWatts, lineWatts, standbyWatts } from './power';
import { CLIP_DB, InputSignals, SILENT_DB, inputCounts, sourceLevel } from './signal';

type Obj = Record<string, unknown>;

/** A log line to write once the tick's state is applied. */
export interface LogLine {
  readonly log: 'events' | 'faults';
  readonly text: string;
}

/** One tick's changes, grouped by how often they are published, and its log lines. */
export interface TickOutput {
  readonly status: Obj;
  readonly meters: Obj;
  readonly slow: Obj;
  readonly lines: LogLine[];
}

/** Something wrong (or notable) while it lasts: logged once when it appears and once when it goes. */
interface Condition {
  readonly key: string;
  readonly log: 'events' | 'faults';
  readonly raised: string;
  readonly cleared: string;
}

/** An input at or below this level (dBFS) has lost its signal (the default input-selector threshold). */
const INPUT_PRESENT_DB = -60;
/** misc.findMe turns itself off after 5 minutes, like a locator LED left on would on a real amp. */
const FIND_ME_MS = 5 * 60_000;

/** An input kind's settings by input number. */
type InputGroup = Readonly<Record<string, { readonly name: string; readonly trim: number }>>;

/** The parts of `/amp` the physics reads (a full AmpState fits; written out by hand for the reason ChannelView is). */
export interface AmpView {
  readonly inputs: { readonly analog: InputGroup; readonly dante?: InputGroup; readonly digital?: InputGroup };
  readonly channels: Readonly<Record<string, ChannelView>>;
  readonly autoStandby: { readonly enable: boolean; readonly threshold: number; readonly timeToWait: number };
  readonly signalGenerator: ChannelEnv['generator'];
  readonly powerSupply: { readonly lineLowLimitWarning: number; readonly lineHighLimitWarning: number };
  readonly deviceInfo: { readonly upTime: number };
}

/** The parts of the whole state the physics reads. */
export interface DeviceView {
  readonly amp?: AmpView;
  readonly tech?: Readonly<Record<string, number | undefined>>;
  readonly misc: { readonly findMe: boolean };
}

const problem = (key: string, log: Condition['log'], raised: string, cleared = `${raised} cleared`): Condition => ({
  key,
  log,
  raised,
  cleared,
});

/** The physics' memory of one amp (signals, temperatures, standby timer, active conditions). */
export class World {
  private readonly signals: InputSignals;
  private readonly thermals: Thermals;
  private readonly mains: MainsLine;
  private readonly memory = new Map<string, ChannelMemory>();
  private readonly conditions = new Map<string, Condition>();
  private boardWatts: number[] = [];
  private outputWatts = 0;
  private standby = false;
  private quietMs = 0;
  private findMeMs = 0;
  private upTimeSec: number;

  constructor(
    private readonly model: ModelInfo,
    state: DeviceView,
    private readonly random: () => number,
  ) {
    this.signals = new InputSignals(model, random);
    this.thermals = new Thermals(state.tech, boardCount(model));
    this.mains = new MainsLine(random);
    this.upTimeSec = state.amp?.deviceInfo.upTime ?? 0;
  }

  /** Heats a channel's board to a thermal warning at once (an injected warning). */
  holdWarning(channel: number): void {
    this.thermals.holdWarning(boardOf(channel));
  }

  /** Advances the amp by `dtMs` simulated milliseconds. */
  step(state: DeviceView, a: AmpView, dtMs: number, faults: ActiveFaults): TickOutput {
    const model = this.model;
    const dtSec = dtMs / 1000;
    const lines: LogLine[] = [];
    const now: Condition[] = [];
    const psFail = faults.powerSupplyFail;

    // Inputs: programme levels after trim; digital full scale caps them at 0 dBFS.
    this.signals.step(dtSec, faults.dropped);
    const levels = new Map<string, number>();
    const inputStatus: Obj = {};
    const inputMeters: Obj = {};
    for (const [kind, count] of inputCounts(model)) {
      const status: Obj = (inputStatus[kind] = {});
      const meters: Obj = (inputMeters[kind] = {});
      for (let n = 1; n <= count; n++) {
        const st = a.inputs[kind]?.[String(n)];
        const raw = this.signals.level(kind, n);
        const level = raw <= SILENT_DB ? SILENT_DB : Math.min(0, raw + (st?.trim ?? 0));
        levels.set(`${kind}/${n}`, level);
        meters[n] = { level };
        status[n] = { clip: level >= CLIP_DB };
        const name = st?.name || `${kind[0]!.toUpperCase()}${kind.slice(1)} ${n}`;
        if (level <= INPUT_PRESENT_DB)
          now.push(
            problem(`in-${kind}-${n}`, 'events', `${name}: input signal lost`, `${name}: input signal restored`),
          );
      }
    }
    const source = (name: string) => sourceLevel(name, (kind, n) => levels.get(`${kind}/${n}`) ?? SILENT_DB);
    const channels = Object.entries(a.channels);

    // spec 2 §4 auto-standby: every input below the threshold for timeToWait minutes; any signal wakes the amp.
    const as = a.autoStandby;
    const signal =
      [...levels.values()].some((l) => l > as.threshold) ||
      channels.some(
        ([, c]) => c.inputSelector.signalGeneratorEnable && c.inputSelector.signalGeneratorFader > as.threshold,
      );
    if (!as.enable || signal) {
      this.quietMs = 0;
      if (this.standby) {
        this.standby = false;
        lines.push({
          log: 'events',
          text: `Auto-standby: left, ${as.enable ? 'input signal detected' : 'auto-standby disabled'}`,
        });
      }
    } else {
      this.quietMs += dtMs;
      if (!this.standby && this.quietMs >= as.timeToWait * 60_000) {
        this.standby = true;
        lines.push({ log: 'events', text: `Auto-standby: entered after ${as.timeToWait} min without input signal` });
      }
    }

    // Heat follows last tick's output power.
    const full = fullLineWatts(model.channels, model.wattsPerChannel);
    const drawn = lineWatts({ outputWatts: this.outputWatts, channels: model.channels, standby: this.standby, psFail });
    this.thermals.step(
      dtSec,
      {
        boardWatts: this.boardWatts,
        ratedBoardWatts: 2 * model.wattsPerChannel,
        running: !this.standby && !psFail,
        psShare: drawn / full,
      },
      (b) => {
        const pair = [2 * b + 1, 2 * b + 2];
        if (pair.some((c) => faults.overheated(c))) return 'overheat';
        return pair.some((c) => faults.warned(c)) ? 'warning' : undefined;
      },
    );

    const chStatus: Obj = {};
    const chMeters: Obj = {};
    this.boardWatts = this.thermals.boards.map(() => 0);
    this.outputWatts = 0;
    for (const [key, ch] of channels) {
      const n = Number(key);
      const b = boardOf(n);
      const mem = this.memory.get(key) ?? { pilotBadSec: 0 };
      this.memory.set(key, mem);
      const r = computeChannel(
        {
          ch,
          wattsPerChannel: model.wattsPerChannel,
          source,
          generator: a.signalGenerator,
          standby: this.standby,
          psFail,
          thermal: this.thermals.warning(b),
          shutdown: this.thermals.shutdown(b),
          load: faults.load(n),
          random: this.random,
          dtSec,
        },
        mem,
      );
      chStatus[key] = r.status;
      chMeters[key] = r.meters;
      this.boardWatts[b] = (this.boardWatts[b] ?? 0) + r.watts;
      this.outputWatts += r.watts;
      for (const p of r.problems) now.push(problem(`ch${key}-${p.key}`, 'faults', `Channel ${key}: ${p.text}`));
    }

    // Power supply: mains readings follow the output power; limits from the amp's own settings.
    const ps = a.powerSupply;
    const volts = this.mains.step(dtSec, faults.lineSag);
    const watts = lineWatts({ outputWatts: this.outputWatts, channels: model.channels, standby: this.standby, psFail });
    const lineWarning = volts < ps.lineLowLimitWarning || volts > ps.lineHighLimitWarning;
    const psThermal = this.thermals.psTemp >= THERMAL_WARNING_C;
    if (psFail) now.push(problem('ps-fail', 'faults', 'Power supply: failure'));
    if (lineWarning) {
      const raised = `Power supply: AC line voltage ${volts.toFixed(1)} V outside ${ps.lineLowLimitWarning}-${ps.lineHighLimitWarning} V`;
      now.push(problem('ps-line', 'faults', raised, 'Power supply: AC line voltage back within limits'));
    }
    if (psThermal) now.push(problem('ps-thermal', 'faults', 'Power supply: thermal warning'));
    for (const w of faults.warnings) {
      if (w.text === undefined) continue;
      const where = w.channel === undefined ? 'Warning' : `Channel ${w.channel}`;
      now.push(problem(`warn-${w.channel ?? 'amp'}-${w.text}`, 'faults', `${where}: ${w.text}`));
    }

    const misc: Obj = {};
    if (state.misc.findMe) {
      this.findMeMs += dtMs;
      if (this.findMeMs >= FIND_ME_MS) {
        misc.findMe = false;
        lines.push({ log: 'events', text: 'Find me: stopped after 5 minutes' });
      }
    } else this.findMeMs = 0;
    this.upTimeSec += dtSec;

    this.diff(now, lines);
    return {
      status: {
        amp: {
          channels: chStatus,
          inputs: inputStatus,
          autoStandby: { active: this.standby },
          powerSupply: { fault: psFail, powerOk: !psFail, lineWarning, thermal: psThermal },
        },
        ...(Object.keys(misc).length > 0 ? { misc } : {}),
      },
      meters: { amp: { channels: chMeters, inputs: inputMeters } },
      slow: {
        amp: {
          deviceInfo: { upTime: Math.floor(this.upTimeSec) },
          powerSupply: {
            acLineVoltage: volts,
            acLineCurrent: watts / volts,
            acLineWatts: watts,
            estPowerUsageAutoStandby: standbyWatts(model.channels),
          },
        },
        tech: this.thermals.tech(),
      },
      lines,
    };
  }

  /** Logs conditions that appeared since the last tick and those that went away. */
  private diff(now: Condition[], lines: LogLine[]): void {
    const seen = new Set<string>();
    for (const c of now) {
      seen.add(c.key);
      if (this.conditions.has(c.key)) continue;
      this.conditions.set(c.key, c);
      lines.push({ log: c.log, text: c.raised });
    }
    for (const [key, c] of this.conditions) {
      if (seen.has(key)) continue;
      this.conditions.delete(key);
      lines.push({ log: c.log, text: c.cleared });
    }
  }
}
