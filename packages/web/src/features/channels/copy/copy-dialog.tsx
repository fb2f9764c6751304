/**
 * Issue 18: 'Copy to channels…': pick a block of the shown channel and the target channels, see what changes on each
 * (CopyPreview), Apply (one grouped write, one undo step, with progress), then the result as the amp reports it back.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useDeviceManager } from '../../../device';
import type { ChannelTabProps } from '../types';
import { useLinksText } from '../link/links-i18n';
import { applyCopy, type CopyOutcome } from './apply-copy';
import { CopyChoices } from './copy-choices';
import { CopyPreview } from './copy-preview';
import { blockLocked, copyWrites, planCopy, type CopyBlock } from './plan-copy';

/** How long after the writes the result is read: the amp's notification of them (100 ms) and the store's batch. */
export const READBACK_MS = 600;

export type CopyContext = Pick<ChannelTabProps, 'ampId' | 'model' | 'state' | 'info' | 'access'>;

type Phase =
  | { readonly kind: 'edit' }
  | { readonly kind: 'applying'; readonly done: number; readonly total: number }
  | { readonly kind: 'applied'; readonly refused: CopyOutcome; readonly targets: readonly number[] }
  | { readonly kind: 'result'; readonly refused: CopyOutcome; readonly targets: readonly number[] };

export function CopyDialog({ ctx, source, onClose }: { ctx: CopyContext; source: number; onClose: () => void }) {
  const { t } = useLinksText();
  const titleId = useId();
  const manager = useDeviceManager();
  const { ampId, model, state, info, access } = ctx;
  const [block, setBlock] = useState<CopyBlock>('eq');
  const [targets, setTargets] = useState<readonly number[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'edit' });
  const channelKeys = Object.keys(state.channels).join(',');
  const lockedTargets = useMemo(
    () =>
      channelKeys
        .split(',')
        .map(Number)
        .filter((n) => n !== source && blockLocked(model, n, block, access)),
    [channelKeys, model, source, block, access],
  );
  const chosen = targets.filter((n) => !lockedTargets.includes(n)).sort((a, b) => a - b);
  const shownTargets = phase.kind === 'edit' || phase.kind === 'applying' ? chosen : phase.targets;
  const plans = useMemo(
    () => planCopy(state, model, source, block, shownTargets, access),
    [state, model, source, block, shownTargets, access],
  );
  useEffect(() => {
    if (phase.kind !== 'applied') return;
    const timer = setTimeout(() => setPhase({ ...phase, kind: 'result' }), READBACK_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const writes = copyWrites(plans);
  const apply = async () => {
    setPhase({ kind: 'applying', done: 0, total: writes.length });
    const refused = await applyCopy(manager, ampId, writes, (done) =>
      setPhase({ kind: 'applying', done, total: writes.length }),
    );
    setPhase({ kind: 'applied', refused, targets: chosen });
  };
  const busy = phase.kind === 'applying' || phase.kind === 'applied';
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('copy.title', { n: source })}</DialogTitle>
      <DialogContent>
        <CopyChoices
          state={state}
          source={source}
          block={block}
          onBlock={setBlock}
          targets={targets}
          onTargets={setTargets}
          lockedTargets={lockedTargets}
          disabled={phase.kind !== 'edit'}
        />
        {phase.kind === 'edit' && chosen.length === 0 ? (
          <Typography variant="body2" sx={{ mt: 2 }}>
            {t('copy.pickTarget')}
          </Typography>
        ) : null}
        {phase.kind === 'edit' && chosen.length > 0 ? <CopyPreview plans={plans} info={info} /> : null}
        {busy ? (
          <>
            <Typography variant="body2" sx={{ mt: 2 }} role="status">
              {phase.kind === 'applying'
                ? t('copy.applying', { done: phase.done, total: phase.total })
                : t('copy.applying', { done: writes.length, total: writes.length })}
            </Typography>
            <LinearProgress
              variant={phase.kind === 'applying' && phase.total > 0 ? 'determinate' : 'indeterminate'}
              value={phase.kind === 'applying' && phase.total > 0 ? (100 * phase.done) / phase.total : 0}
            />
          </>
        ) : null}
        {phase.kind === 'result' ? (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('copy.result')}
            </Typography>
            {plans.map((p) => {
              const refused = phase.refused.get(p.channel) ?? 0;
              const differs = p.changes.length + p.locked.length;
              return (
                <Alert key={p.channel} severity={refused > 0 || differs > 0 ? 'warning' : 'success'} sx={{ mt: 1 }}>
                  {refused > 0 ? t('copy.refused', { n: p.channel, count: refused }) + ' ' : ''}
                  {differs > 0
                    ? t('copy.differs', { n: p.channel, count: differs, source })
                    : t('copy.matches', { n: p.channel, source })}
                </Alert>
              );
            })}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        {phase.kind === 'result' ? (
          <Button variant="contained" onClick={onClose}>
            {t('copy.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              {t('copy.cancel')}
            </Button>
            <Button variant="contained" disabled={busy || writes.length === 0} onClick={() => void apply()}>
              {t('copy.apply')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
