/**
 * The channels route slot (spec 2 §2 channel view: /amps/{ampId}/channels and .../channels/{n}/{section}).
 *
 * The channel tabs are built in features/channels. When `features/channels/index.ts(x)` exists and exports
 * `ChannelsPage`, this slot renders it (lazily, in its own chunk); until then it shows a read-only channel summary.
 * The slot checks what is common to every channel page first: the UAC lock, and that channel {n} exists.
 */
import { Box } from '@mui/material';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { UAC_HIDDEN_PAGES } from '../../../shared/amp-pages';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import { useAmpModel, useAmpSummary } from '../../devices';
import { ChannelsPlaceholder } from './channels-placeholder';
import { LoadingSpinner } from '../../../shared/ui/loading-spinner';

interface ChannelsModule {
  ChannelsPage?: ComponentType;
}

// Resolved at build time: an empty object while features/channels does not exist.
const found = Object.values(import.meta.glob<ChannelsModule>('../../channels/index.{ts,tsx}'))[0];
const ChannelsPage = found
  ? lazy(async () => {
      const { ChannelsPage: Page } = await found();
      if (!Page) throw new Error('features/channels/index must export ChannelsPage');
      return { default: Page };
    })
  : undefined;

/** True when `n` names one of the model's channels ("1" … "8"). */
export const isChannelOf = (n: string, channels: number): boolean =>
  /^[1-9]\d*$/.test(n) && Number(n) >= 1 && Number(n) <= channels;

export function ChannelView() {
  const { t } = useTranslation('amp-detail');
  const { ampId = '', n } = useParams();
  const model = useAmpModel(ampId);
  const locked = useAmpSummary(ampId)?.isUACLocked === true;
  if (locked && UAC_HIDDEN_PAGES.has('channels')) return <CenteredMessage title={t('uacLocked')} />;
  if (n !== undefined && model && !isChannelOf(n, model.channels))
    return <CenteredMessage title={t('notFound.channel')} />;
  if (!ChannelsPage) return <ChannelsPlaceholder ampId={ampId} />;
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <LoadingSpinner />
        </Box>
      }
    >
      <ChannelsPage />
    </Suspense>
  );
}
