/**
 * What the local /update page reads from the device slice: the fleet's amps as update candidates, each amp's
 * firmware status fields (docs/device-api.md `/misc`), and whether the fleet has touch controllers (spec 3 §2).
 */
import { UAC_PERMISSIONS, type DeviceDelta } from '@rackside/protocol';
import {
  selectAmpModel,
  selectAmpState,
  selectAmpSummary,
  selectCanWrite,
  selectDiscovered,
  selectListedAmpIds,
  selectUacLevel,
  type WithDevices,
  type WithLocalLogin,
} from '../../device';
import type { UpdateCandidate } from './selection';
import type { FirmwareReport } from './status';

export type DevicesRoot = WithDevices & WithLocalLogin;

/** The fleet's amps (touch controllers aside), by name. */
export function selectCandidates(s: DevicesRoot): UpdateCandidate[] {
  return selectListedAmpIds(s)
    .flatMap((ampId): UpdateCandidate[] => {
      const model = selectAmpModel(s, ampId);
      if (model?.kind === 'touch') return [];
      const summary = selectAmpSummary(s, ampId);
      return [
        {
          ampId,
          name: summary?.deviceName || ampId,
          ip: summary?.ipAddress || ampId,
          modelId: model?.id,
          prefix: model?.firmwareImagePrefix,
          firmwareVersion: selectAmpState(s, ampId)?.amp?.deviceInfo?.firmwareVersion ?? '',
          connected: summary?.isConnected === true,
          canWrite: selectCanWrite(s, ampId),
          uacLevel: selectUacLevel(s, ampId, UAC_PERMISSIONS.miscFirmwareUpdate),
        },
      ];
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.ip.localeCompare(b.ip));
}

const BOARD_KEYS = [
  'psFwUpdateStatus',
  'amp1FwUpdateStatus',
  'amp2FwUpdateStatus',
  'amp3FwUpdateStatus',
  'amp4FwUpdateStatus',
] as const;

/** `/misc fwUpdateStatus` and the five board statuses (power supply, amps 1-2 … 7-8; '' when absent). */
export function reportOf(state: DeviceDelta | undefined): FirmwareReport {
  const misc = state?.misc;
  return {
    status: misc?.fwUpdateStatus ?? 'None',
    boards: BOARD_KEYS.map((k) => misc?.[k] ?? ''),
  };
}

/** The reports of these amps flattened to strings (one value a selector can compare shallowly). */
export const selectFlatReports = (s: WithDevices, ampIds: readonly string[]): string[] =>
  ampIds.flatMap((id) => {
    const r = reportOf(selectAmpState(s, id));
    return [r.status, ...r.boards];
  });

/** Back from selectFlatReports to one report per amp. */
export function unflattenReports(ampIds: readonly string[], flat: readonly string[]): Map<string, FirmwareReport> {
  const size = 1 + BOARD_KEYS.length;
  return new Map(
    ampIds.map((id, i) => {
      const part = flat.slice(i * size, (i + 1) * size);
      return [id, { status: part[0] ?? 'None', boards: part.slice(1) }];
    }),
  );
}

/** spec 3 §2: touch controllers exist when an amp proxies one (`/NSTProxy devices`) or the fleet lists one. */
export function selectHasTouchControllers(s: WithDevices): boolean {
  if (Object.values(selectDiscovered(s)).some((d) => d?.kind === 'touch')) return true;
  return Object.keys(s.devices.amps).some(
    (id) =>
      selectAmpModel(s, id)?.kind === 'touch' || Object.keys(selectAmpState(s, id)?.NSTProxy?.devices ?? {}).length > 0,
  );
}
