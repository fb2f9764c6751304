/**
 * Issue 18: the channel view's 'Copy to channels…' button, its dialog mounted while open. Disabled, with the reason
 * beside it, for a user who cannot write (a guest on a protected amp, an amp not connected), a UAC role or speaker
 * tuning that locks every copyable block of the other channels, and a one-channel amp.
 */
import { useId, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from 'react-redux';
import { selectCanWrite, useAmpConnection, type WithDevices, type WithLocalLogin } from '../../../device';
import { useLinksText } from '../link/links-i18n';
import { CopyDialog, type CopyContext } from './copy-dialog';
import { blockLocked, COPY_BLOCKS } from './plan-copy';

export type CopyDisabledReason = 'offline' | 'guest' | 'single' | 'uac';

/** Why the user cannot copy from `source`, or undefined when they can. */
function useDisabledReason(ctx: CopyContext, source: number): CopyDisabledReason | undefined {
  const connected = useAmpConnection(ctx.ampId) === 'CONNECTED';
  const canWrite = useSelector((s: WithDevices & WithLocalLogin) => selectCanWrite(s, ctx.ampId));
  const { model, access } = ctx;
  const channelKeys = Object.keys(ctx.state.channels).join(',');
  const allLocked = useMemo(() => {
    const others = channelKeys
      .split(',')
      .map(Number)
      .filter((n) => n !== source);
    return COPY_BLOCKS.every((b) => others.every((n) => blockLocked(model, n, b, access)));
  }, [channelKeys, model, source, access]);
  if (!connected) return 'offline';
  if (!canWrite) return 'guest';
  if (channelKeys.split(',').length < 2) return 'single';
  return allLocked ? 'uac' : undefined;
}

export function CopyBlockButton({ ctx, source }: { ctx: CopyContext; source: number }) {
  const { t } = useLinksText();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const reason = useDisabledReason(ctx, source);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Button
        variant="outlined"
        aria-haspopup="dialog"
        disabled={reason !== undefined}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => setOpen(true)}
      >
        {t('copy.button')}
      </Button>
      {reason ? (
        <Typography id={reasonId} variant="caption" color="textSecondary">
          {t(`copy.reasons.${reason}`)}
        </Typography>
      ) : null}
      {open && !reason ? <CopyDialog ctx={ctx} source={source} onClose={() => setOpen(false)} /> : null}
    </Stack>
  );
}
