/**
 * Who may change what on the amp pages of this issue (spec 2 §6): UAC per field URL ('/amp/deviceInfo/rackName',
 * '/GPIO/1/mode') and speaker-tuning locks through the channels' access rule, guests and disconnected amps at most
 * Readonly; and whether the console runs in cloud mode (network, password and GPIO editing are local-only).
 */
import { useMemo } from 'react';
import type { UacLevel } from '@rackside/protocol';
import { useHostingMode } from '../../shared/hosting';
import { makeAccess } from './access';
import { useAmpState, useDeviceWrite } from '..';

/** The access level of a field URL or named permission on this amp. */
export type FieldAccess = (permissionOrField: string) => UacLevel;

/** spec 2 §6 / spec 1 §1: the console is served by the cloud (false when served by an amp). */
export const useIsCloud = (): boolean => useHostingMode().mode === 'cloud';

/** The access check of one amp, rebuilt only when its UAC, locks, firmware or the user's right to write change. */
export function useFieldAccess(ampId: string): FieldAccess {
  const uac = useAmpState(ampId, (s) => s?.UAC);
  const lockedProperties = useAmpState(ampId, (s) => s?.lockedProperties);
  const firmwareVersion = useAmpState(ampId, (s) => s?.amp?.deviceInfo?.firmwareVersion);
  const { canWrite } = useDeviceWrite(ampId);
  const cloud = useIsCloud();
  return useMemo(
    () => makeAccess({ uac, firmwareVersion, lockedProperties, cloud, canWrite }),
    [uac, firmwareVersion, lockedProperties, cloud, canWrite],
  );
}
