/** The Import/Export dialog for one amp of the store: its live state, model and client write (local or cloud). */
import { CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { UAC_PERMISSIONS, deepEqual, type DeviceState } from '@rackside/protocol';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector, useStore } from 'react-redux';
import {
  selectAmpState,
  selectCanWrite,
  useAmpModel,
  useAmpState,
  useAmpSubscription,
  useDeviceManager,
  useUacLevel,
  type WithDevices,
  type WithLocalLogin,
} from '../../../device';
import { isWholeTree, selectCompareAmps, type CompareAmp } from '../compare-amps';
import type { LockApi } from '../run-import';
import { TRANSFER_NS } from '../transfer-i18n';
import { AmpComparison } from './amp-comparison';
import { TransferDialog } from './transfer-dialog';

/** spec 3 §4/§9: resolves once the store shows the amp's locked group `groupId`, or false after `timeoutMs`. */
function useWaitForGroup(ampId: string) {
  const store = useStore<WithDevices>();
  return useCallback(
    (groupId: string, timeoutMs: number) =>
      new Promise<boolean>((resolve) => {
        const shown = () =>
          Object.hasOwn(selectAmpState(store.getState(), ampId)?.lockedProperties?.groups ?? {}, groupId);
        if (shown()) return resolve(true);
        const finish = (ok: boolean) => {
          clearTimeout(timer);
          unsubscribe();
          resolve(ok);
        };
        const timer = setTimeout(() => finish(false), timeoutMs);
        const unsubscribe = store.subscribe(() => {
          if (shown()) finish(true);
        });
      }),
    [ampId, store],
  );
}

export function AmpTransferDialog({ ampId, open, onClose }: { ampId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(TRANSFER_NS);
  const manager = useDeviceManager();
  const model = useAmpModel(ampId);
  // the whole tree is subscribed while the dialog is open (the amp list holds only the summary's subtrees)
  useAmpSubscription(ampId, open);
  const state = useAmpState(ampId, (s) => s);
  const complete = isWholeTree(state);
  const deviceName = useAmpState(ampId, (s) => s?.amp?.deviceInfo?.deviceName) ?? ampId;
  const canWrite = useSelector((s: WithDevices & WithLocalLogin) => selectCanWrite(s, ampId));
  const uacLevel = useUacLevel(ampId, UAC_PERMISSIONS.ampSettingsImportExport);
  const compareAmps = useSelector((s: WithDevices) => selectCompareAmps(s, ampId), deepEqual);
  const waitForGroup = useWaitForGroup(ampId);
  const set = useCallback(
    (url: string, params: Record<string, unknown>) => manager.set(ampId, url, params),
    [ampId, manager],
  );
  const locks = useMemo((): LockApi | undefined => {
    const call = manager.lockedProperties?.bind(manager);
    return call ? { request: (method, params) => call(ampId, method, params), waitForGroup } : undefined;
  }, [ampId, manager, waitForGroup]);
  if (!model || !state || !complete) {
    return (
      <Dialog open={open} onClose={onClose} aria-labelledby="transfer-title">
        <DialogTitle id="transfer-title">{t('title')}</DialogTitle>
        <DialogContent>
          <CircularProgress size={24} aria-label={t('loading')} />
        </DialogContent>
      </Dialog>
    );
  }
  // the store holds the amp's tree as notifications built it (DeepPartial): complete once subscribed to `/`
  const current = state as DeviceState;
  return (
    <TransferDialog
      open={open}
      onClose={onClose}
      deviceName={deviceName}
      model={model}
      state={current}
      set={set}
      canWrite={canWrite}
      uacLevel={uacLevel}
      locks={locks}
      compareAmps={compareAmps}
      renderAmpComparison={(amp: CompareAmp) => <AmpComparison amp={amp} state={current} model={model} />}
    />
  );
}
