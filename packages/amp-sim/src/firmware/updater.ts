/**
 * The firmware update state machine (spec 3 §4, spec 2 §3 misc): drives `/misc fwUpdateStatus`, the per-board
 * statuses and, on success, the firmware versions in `/amp/deviceInfo`. Fed by the upload CGI (a local update)
 * or by a download from a URL (a cloud firmware job).
 *
 * Sequence: Downloading → Decrypting → Extraction → ExtractionComplete → [FactoryReset] → [boards flashed one by
 * one: psFwUpdateStatus, amp1..N FwUpdateStatus 'Pending' → 'Flashing' → 'ok'] → FinishedFlash (image with
 * boards) | Finished8ch (8-channel model) | Finished. Failures stop the machine at DownloadFail, DecryptingFail,
 * HwNotSupportedInFw (image prefix is not the model's) or ExtractionFail, and change no version.
 * FactoryReset is only a status here: the emulator keeps its settings.
 */
import { boardCount, type FirmwareStatus } from '@rackside/protocol';
import type { Amp } from '../amp';
import { decryptFirmwareImage, extractFirmwarePayload, parseFirmwareName } from './image';

/** How long each step takes at speed 1 (milliseconds); an update takes about 20-35 s. */
export interface FirmwareTimings {
  readonly downloadingMs: number;
  readonly decryptingMs: number;
  readonly extractionMs: number;
  readonly extractionCompleteMs: number;
  readonly factoryResetMs: number;
  readonly flashBoardMs: number;
}

/** Realistic step durations at speed 1. */
export const FIRMWARE_TIMINGS: FirmwareTimings = {
  downloadingMs: 3000,
  decryptingMs: 5000,
  extractionMs: 8000,
  extractionCompleteMs: 2000,
  factoryResetMs: 4000,
  flashBoardMs: 3000,
};

/** The largest image the emulator accepts (bytes), by upload or download. */
export const MAX_FIRMWARE_BYTES = 64 * 1024 * 1024;

/** Options of a FirmwareUpdater. */
export interface FirmwareUpdaterOptions {
  /** Divides every step duration (1000 makes a whole update take a few tens of milliseconds). */
  readonly speed?: number;
  readonly timings?: Partial<FirmwareTimings>;
}

const BOARD_VERSION_FIELDS = [
  'amp12firmwareVersion',
  'amp34firmwareVersion',
  'amp56firmwareVersion',
  'amp78firmwareVersion',
];

/** Runs firmware updates on one amp, one at a time. */
export class FirmwareUpdater {
  private readonly timings: FirmwareTimings;
  private readonly speed: number;
  private running = false;
  private readonly abort = new AbortController();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly amp: Amp,
    opts: FirmwareUpdaterOptions = {},
  ) {
    this.timings = { ...FIRMWARE_TIMINGS, ...opts.timings };
    this.speed = opts.speed !== undefined && opts.speed > 0 ? opts.speed : 1;
  }

  /** True while an update runs: a second one is refused until it ends. */
  get busy(): boolean {
    return this.running;
  }

  /** Runs an update from an image already received (the upload CGI); resolves with the final status. */
  async startFromBuffer(name: string, bytes: Uint8Array): Promise<FirmwareStatus> {
    return this.run(async () => {
      this.begin();
      if (!(await this.sleep(this.timings.downloadingMs))) return undefined;
      return bytes;
    }, name);
  }

  /** Runs an update from an image downloaded from a URL (a cloud firmware job); resolves with the final status. */
  async startFromUrl(url: string, opts: { name?: string; fetch?: typeof fetch } = {}): Promise<FirmwareStatus> {
    const name = opts.name ?? decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    const doFetch = opts.fetch ?? fetch;
    return this.run(async () => {
      this.begin();
      if (!this.amp.networkUp) return 'DownloadFail';
      try {
        const res = await doFetch(url, { signal: this.abort.signal });
        if (!res.ok) return 'DownloadFail';
        const bytes = new Uint8Array(await res.arrayBuffer());
        return bytes.length > MAX_FIRMWARE_BYTES ? 'DownloadFail' : bytes;
      } catch {
        return this.abort.signal.aborted ? undefined : 'DownloadFail';
      }
    }, name);
  }

  /** Stops a running update where it is (used when the amp shuts down). */
  dispose(): void {
    this.abort.abort();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private async run(
    obtain: () => Promise<Uint8Array | FirmwareStatus | undefined>,
    name: string,
  ): Promise<FirmwareStatus> {
    if (this.running) throw new Error('a firmware update is already in progress');
    if (this.abort.signal.aborted) throw new Error('the firmware updater is disposed');
    this.running = true;
    try {
      const got = await obtain();
      if (got === undefined) return this.status();
      if (typeof got === 'string') return this.finish(got);
      return (await this.install(name, got)) ?? this.status();
    } finally {
      this.running = false;
    }
  }

  /** Decrypting → Extraction → ... → Finished*; undefined when disposed midway. */
  private async install(name: string, bytes: Uint8Array): Promise<FirmwareStatus | undefined> {
    const t = this.timings;
    this.setStatus('Decrypting');
    if (!(await this.sleep(t.decryptingMs))) return undefined;
    const decrypted = decryptFirmwareImage(bytes);
    if (!decrypted.ok) return this.finish('DecryptingFail');
    const { header, body } = decrypted.value;
    const wanted = this.amp.model.firmwareImagePrefix;
    const named = parseFirmwareName(name);
    if (header.prefix !== wanted || (named && named.prefix !== wanted)) return this.finish('HwNotSupportedInFw');

    this.setStatus('Extraction');
    if (!(await this.sleep(t.extractionMs))) return undefined;
    if (!extractFirmwarePayload(header, body).ok) return this.finish('ExtractionFail');
    this.setStatus('ExtractionComplete');
    if (!(await this.sleep(t.extractionCompleteMs))) return undefined;
    if (header.factoryReset) {
      this.setStatus('FactoryReset');
      if (!(await this.sleep(t.factoryResetMs))) return undefined;
    }
    if (header.boards && !(await this.flashBoards(header.version))) return undefined;
    if (this.amp.model.kind === 'amp')
      this.amp.apply({ amp: { deviceInfo: { firmwareVersion: header.version } } }, 'amp');
    return this.finish(header.boards ? 'FinishedFlash' : this.amp.model.channels === 8 ? 'Finished8ch' : 'Finished');
  }

  /** Flashes the power supply, then each amp board; false when disposed midway. */
  private async flashBoards(version: string): Promise<boolean> {
    const boards = this.amp.model.kind === 'amp' ? boardCount(this.amp.model) : 0;
    const slots = [
      { status: 'psFwUpdateStatus', version: 'powerSupplyfirmwareVersion' },
      ...Array.from({ length: boards }, (_, i) => ({
        status: `amp${i + 1}FwUpdateStatus`,
        version: BOARD_VERSION_FIELDS[i] ?? '',
      })),
    ];
    this.amp.apply({ misc: Object.fromEntries(slots.map((s) => [s.status, 'Pending'])) }, 'amp');
    for (const slot of slots) {
      this.amp.apply({ misc: { [slot.status]: 'Flashing' } }, 'amp');
      if (!(await this.sleep(this.timings.flashBoardMs))) return false;
      const info = this.amp.model.kind === 'amp' ? { amp: { deviceInfo: { [slot.version]: version } } } : {};
      this.amp.apply({ ...info, misc: { [slot.status]: 'ok' } }, 'amp');
    }
    return true;
  }

  /** Downloading, with the per-board statuses of a previous update cleared. */
  private begin(): void {
    const boards = this.amp.model.kind === 'amp' ? boardCount(this.amp.model) : 0;
    const misc: Record<string, string> = { fwUpdateStatus: 'Downloading', psFwUpdateStatus: '' };
    for (let i = 1; i <= boards; i++) misc[`amp${i}FwUpdateStatus`] = '';
    this.amp.apply({ misc }, 'amp');
  }

  private setStatus(status: FirmwareStatus): void {
    this.amp.apply({ misc: { fwUpdateStatus: status } }, 'amp');
  }

  private finish(status: FirmwareStatus): FirmwareStatus {
    this.setStatus(status);
    return status;
  }

  private status(): FirmwareStatus {
    return this.amp.state.misc.fwUpdateStatus;
  }

  /** Waits `ms / speed`; resolves false when the updater is disposed meanwhile. */
  private sleep(ms: number): Promise<boolean> {
    if (this.abort.signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const onAbort = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.abort.signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms / this.speed);
      this.timers.add(timer);
      this.abort.signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
