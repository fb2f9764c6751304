/**
 * spec 2 §2: the Smart Power Bridge button (field super8). Enabling changes a live amp, so it asks first, naming the amp
 * and the channel; once enabled it can be switched off again (issue 18: every toggle reversible from the UI; the
 * protocol models super8 as a plain writable boolean).
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isUacHidden, isUacReadonly } from '@rackside/protocol';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { LockedField } from '../../../../shared/ui/value-slider-lock';
import { valueAt } from '../../../../device/fields/field-info';
import { confirmNames } from '../../confirm-names';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { sendField } from '../fields/send';

export interface SmartPowerBridgeProps {
  ctx: FieldContext;
  url: string;
  ampId: string;
  channel: number;
}

export function SmartPowerBridge({ ctx, url, ampId, channel }: SmartPowerBridgeProps) {
  const { t } = useChannelsText();
  const [asking, setAsking] = useState(false);
  if (ctx.info(url)?.type !== 'boolean') return null;
  const level = ctx.access(url);
  if (isUacHidden(level)) return <LockedField label={t('settings.smartPowerBridge')} />;
  const on = valueAt(ctx.state, url) === true;
  const enable = () => {
    setAsking(false);
    sendField(ctx.write, url, true);
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {on && <Typography variant="body2">{t('settings.smartPowerBridgeEnabled')}</Typography>}
      <Button
        variant="outlined"
        disabled={isUacReadonly(level)}
        onClick={() => (on ? sendField(ctx.write, url, false) : setAsking(true))}
      >
        {on ? t('settings.disableSmartPowerBridge') : t('settings.enableSmartPowerBridge')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('settings.smartPowerBridgeConfirmTitle')}
        text={t('settings.smartPowerBridgeConfirmText', { ...confirmNames(ctx.state, ampId, channel) })}
        cancelLabel={t('ui.cancel')}
        confirmLabel={t('settings.smartPowerBridgeConfirm')}
        busy={false}
        onConfirm={enable}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
