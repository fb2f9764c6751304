/** The Import/Export dialog for one amp of the store: its live state, model and client write (local or cloud). */
import { CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import type { DeviceState } from '@rackside/protocol';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmpModel, useAmpState, useAmpSubscription, useDeviceManager } from '../../../device';
import { TRANSFER_NS } from '../transfer-i18n';
import { TransferDialog } from './transfer-dialog';

export function AmpTransferDialog({ ampId, open, onClose }: { ampId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(TRANSFER_NS);
  const manager = useDeviceManager();
  const model = useAmpModel(ampId);
  // the amp list holds only the summary's subtrees: the whole tree is subscribed while the dialog is open, and the
  // dialog waits for the parts only that subscription brings (inputs, input selectors) before it exports or plans
  useAmpSubscription(ampId, open);
  const state = useAmpState(ampId, (s) => s);
  const complete = state?.amp?.inputs !== undefined && state.amp.channels?.['1']?.inputSelector !== undefined;
  const deviceName = useAmpState(ampId, (s) => s?.amp?.deviceInfo?.deviceName) ?? ampId;
  const set = useCallback(
    (url: string, params: Record<string, unknown>) => manager.set(ampId, url, params),
    [ampId, manager],
  );
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
  return (
    <TransferDialog
      open={open}
      onClose={onClose}
      deviceName={deviceName}
      model={model}
      state={state as DeviceState}
      set={set}
    />
  );
}
