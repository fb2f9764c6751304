/**
 * The firmware download benchmark (issue 14): the cloud's image download by many amps at once beside a bare static
 * file server, in the same run (`--only=firmware-download`). Both servers in this process, the clients in a child.
 */
export {
  benchFirmwareDownload,
  DOWNLOAD_TARGET_RATIO,
  MEMORY_TARGET_SHARE,
  median,
  medianBy,
  mibPerS,
  sidesOf,
  type DownloadRound,
  type FirmwareDownloadOptions,
  type FirmwareDownloadResult,
} from './download';
export { formatFirmwareDownload } from './format';
