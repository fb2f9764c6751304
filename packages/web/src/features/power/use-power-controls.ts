/**
 * The power page's access and writes: named UAC permissions through the channels' access rule (cloud mode: nothing
 * locked; guests and disconnected amps at most Readonly), bounds from the model's field schemas.
 */
import { useMemo } from 'react';
import { useHostingMode } from '../../shared/hosting';
import { makeAccess } from '../../device/fields';
import { boundsOf, numberSchema, treeInfo } from '../../device/fields/field-info';
import { useAmpModel, useAmpState, useDeviceWrite } from '../../device';
import type { ControlContext } from './components/controls';

export function usePowerControls(ampId: string): ControlContext & { canWrite: boolean } {
  const model = useAmpModel(ampId);
  const uac = useAmpState(ampId, (s) => s?.UAC);
  const lockedProperties = useAmpState(ampId, (s) => s?.lockedProperties);
  const firmwareVersion = useAmpState(ampId, (s) => s?.amp?.deviceInfo?.firmwareVersion);
  const { canWrite, set } = useDeviceWrite(ampId);
  const cloud = useHostingMode().mode === 'cloud';
  return useMemo(() => {
    const info = model ? treeInfo(model) : undefined;
    return {
      canWrite,
      level: makeAccess({ uac, firmwareVersion, lockedProperties, cloud, canWrite }),
      bounds: (url: string) => {
        const schema = info && numberSchema(info, url);
        return schema && !schema.readOnly ? boundsOf(schema) : undefined;
      },
      // the manager shows the change at once and the snackbar reports a refusal
      write: (url: string, params: Record<string, unknown>) => void set(url, params),
    };
  }, [model, uac, firmwareVersion, lockedProperties, cloud, canWrite, set]);
}
