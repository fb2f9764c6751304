/** `formatFirmwareDownload`: the lines run.ts prints for the firmware download bench. */
import { mb, ms, pct, verdict, x } from '../stats';
import {
  DOWNLOAD_TARGET_RATIO,
  MEMORY_TARGET_SHARE,
  type DownloadRound,
  type FirmwareDownloadResult,
} from './download';
import type { MemoryFigures } from './memory';

const verdictAtLeast = (met: boolean): string => (met ? 'PASS' : 'BELOW TARGET');
const memory = (m: MemoryFigures): string =>
  `RSS ${mb(m.rss)}, heap ${mb(m.heapUsed)}, external ${mb(m.external)} (array buffers ${mb(m.arrayBuffers)})`;
const mibs = (v: number): string => `${v.toFixed(0)} MiB/s`;

export function formatFirmwareDownload(r: FirmwareDownloadResult): string[] {
  const total = r.clients * r.imageBytes;
  const { rss, heapUsed, external, arrayBuffers } = r.cloudMemoryPeak;
  const share = Math.max(rss, heapUsed, external, arrayBuffers) / total;
  const round = (d: DownloadRound): string =>
    `wall ${ms(d.wallMs)}, first byte p50 ${ms(d.firstByte.p50)} p99 ${ms(d.firstByte.p99)}, ` +
    `download p50 ${ms(d.total.p50)} p99 ${ms(d.total.p99)}, server CPU ${ms(d.serverCpuMs)} ` +
    `(${(d.serverCpuMs / (total / 2 ** 20)).toFixed(3)} ms/MiB), clients CPU ${ms(d.clientCpuMs)}`;
  const sides = (side: 'cloud' | 'bare') =>
    r.rounds
      .filter((d) => d.side === side)
      .map((d) => mibs(d.mbPerS))
      .join(', ');
  return [
    `firmware download — ${r.clients} amps at once, one ${mb(r.imageBytes)} image each (${mb(total)} per round), ` +
      `each through its firmware job's URL (own token); ${r.rounds.length / 2} rounds per side, order alternating`,
    `  throughput ${mibs(r.cloud.mbPerS)} (bare http + fs.createReadStream ${mibs(r.bare.mbPerS)}, ratio ${x(r.ratio)}, ` +
      `target ≥ ${x(DOWNLOAD_TARGET_RATIO)}) ${verdictAtLeast(r.ratio >= DOWNLOAD_TARGET_RATIO)}`,
    `  rounds: cloud ${sides('cloud')}; bare ${sides('bare')}`,
    `  cloud (median round): ${round(r.cloud)}`,
    `  bare  (median round): ${round(r.bare)}`,
    `  cloud process memory, peak increase while serving: ${memory(r.cloudMemoryPeak)}`,
    `  memory: the largest increase is ${pct(share)} of ${r.clients} × the image (${mb(total)}), ` +
      `target < ${pct(MEMORY_TARGET_SHARE)} (streamed, never buffered whole) ${verdict(share < MEMORY_TARGET_SHARE)}`,
    `  bare server, same process, peak increase: ${memory(r.bareMemoryPeak)}`,
    `  before (cloud median round, after gc): ${memory(r.cloud.memoryBefore)}`,
    `  upload of the image through POST /firmware: ${ms(r.uploadMs)}`,
    `  check: every download complete with 200 and ${r.imageBytes} B ` +
      `${r.rounds.every((d) => d.allComplete) ? 'yes' : 'NO'}; first body's sha256 is the image's ` +
      `${r.rounds.every((d) => d.shaMatches) ? 'yes' : 'NO'}`,
  ];
}
