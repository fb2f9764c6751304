/**
 * The amp's mute-all control (spec 2 §2/§4): mutes every channel unless all are muted (then unmutes), with the muted
 * count n/total; in cloud mode the local count overrides the server's for MUTE_ALL_OVERRIDE_MS.
 */
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  isUacHidden,
  isUacReadonly,
  MUTE_ALL_OVERRIDE_MS,
  UAC_LEVELS,
  UAC_PERMISSIONS,
  type AmpState,
  type UacLevel,
} from '@rackside/protocol';
import { LockedField } from '../../../shared/ui/value-slider-lock';
import { useChannelsText } from '../i18n';
import type { AccessCheck, DeviceWrite } from '../../../device/fields/types';
import { levelOf } from './fields/access';
import { sendField } from './fields/send';
import { SpeakerOffIcon } from './icons';

export interface MuteAllButtonProps {
  state: AmpState;
  access: AccessCheck;
  write: DeviceWrite;
  cloud: boolean;
}

export function MuteAllButton({ state, access, write, cloud }: MuteAllButtonProps) {
  const { t } = useChannelsText();
  const [override, setOverride] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (override === undefined) return;
    const timer = setTimeout(() => setOverride(undefined), MUTE_ALL_OVERRIDE_MS);
    return () => clearTimeout(timer);
  }, [override]);

  const urls = Object.keys(state.channels).map((n) => `/amp/channels/${n}/output/mute`);
  const total = urls.length;
  const serverMuted = Object.values(state.channels).filter((c) => c.output.mute).length;
  const muted = cloud && override !== undefined ? override : serverMuted;
  const allMuted = total > 0 && muted === total;
  const level = urls.reduce<UacLevel>((low, url) => {
    const l = levelOf(access, url, UAC_PERMISSIONS.channelOutputMute);
    return l < low ? l : low;
  }, UAC_LEVELS.Write);
  const label = allMuted ? t('muteAll.unmute') : t('muteAll.mute');
  if (isUacHidden(level)) return <LockedField label={label} />;

  const handleClick = () => {
    const target = !allMuted;
    for (const url of urls) sendField(write, url, target);
    if (cloud) setOverride(target ? total : 0);
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Button
        variant={allMuted ? 'contained' : 'outlined'}
        color={allMuted ? 'error' : 'primary'}
        startIcon={<SpeakerOffIcon />}
        disabled={total === 0 || isUacReadonly(level)}
        onClick={handleClick}
      >
        {label}
      </Button>
      <Chip size="small" label={t('muteAll.count', { muted, total })} />
    </Stack>
  );
}
