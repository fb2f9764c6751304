/** spec 2 §2: the Smart Power Bridge button (field super8); it can only be enabled. */
import Button from '@mui/material/Button';
import { isUacHidden, isUacReadonly } from '@rackside/protocol';
import { LockedField } from '../../../../shared/ui/value-slider-lock';
import { valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { sendField } from '../fields/send';

export function SmartPowerBridge({ ctx, url }: { ctx: FieldContext; url: string }) {
  const { t } = useChannelsText();
  if (ctx.info(url)?.type !== 'boolean') return null;
  const level = ctx.access(url);
  if (isUacHidden(level)) return <LockedField label={t('settings.smartPowerBridge')} />;
  const on = valueAt(ctx.state, url) === true;
  return (
    <Button
      variant={on ? 'contained' : 'outlined'}
      disabled={on || isUacReadonly(level)}
      onClick={() => sendField(ctx.write, url, true)}
    >
      {on ? t('settings.smartPowerBridgeEnabled') : t('settings.enableSmartPowerBridge')}
    </Button>
  );
}
