/**
 * spec 3 §5: the volume group form: its name (1 to 50 characters), its range (0 to 80 dB, step 0.1), its amp channels
 * (those of other volume groups disabled) with an offset each (-80 to 0 dB, step 0.1), its subgroups and the live test.
 */
import { Box, Button, Link, Paper, Slider, Stack, Typography } from '@mui/material';
import {
  CHANNEL_OFFSET_MAX_DB,
  CHANNEL_OFFSET_MIN_DB,
  CHANNEL_OFFSET_STEP_DB,
  GROUP_NAME_MAX_LENGTH,
  VOLUME_RANGE_MAX_DB,
  VOLUME_RANGE_MIN_DB,
  VOLUME_RANGE_STEP_DB,
  ampChannelKey,
  channelsInOtherGroups,
  isValidGroupRename,
  type VolumeGroup,
} from '@rackside/protocol';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCurrentPanel } from '../hooks/current-panel';
import { groupPath } from '../model/paths';
import { findTouchAmp } from '../model/touch-amps';
import { touchEditorActions as act } from '../store/touch-editor-slice';
import { useTouchGroupsText } from '../touch-i18n';
import { ChannelPicker } from './channel-picker';
import { DbField, NameField, toStep, volumeGroupRefs } from './group-fields';
import { VolumeLiveTest } from './live-test';
import { VolumeSubgroupDialog } from './volume-subgroup-form';

function RangeSection({ groupIndex, range }: { groupIndex: number; range: number }) {
  const { t } = useTouchGroupsText();
  const { panel, dispatch } = useCurrentPanel();
  const labelId = useId();
  const apply = (value: number) => dispatch(act.volumeRangeSet({ id: panel.id, group: groupIndex, range: value }));
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2">
        {t('volume.range')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('volume.rangeHelp', { min: VOLUME_RANGE_MIN_DB, max: VOLUME_RANGE_MAX_DB })}
      </Typography>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center', mt: 1 }}>
        <Slider
          aria-labelledby={labelId}
          min={VOLUME_RANGE_MIN_DB}
          max={VOLUME_RANGE_MAX_DB}
          step={VOLUME_RANGE_STEP_DB}
          value={range}
          valueLabelDisplay="auto"
          valueLabelFormat={(v) => t('volume.dbValue', { value: v })}
          getAriaValueText={(v) => t('volume.dbValue', { value: v })}
          onChange={(_, v) => apply(toStep(v))}
          sx={{ flex: 1, mx: 1 }}
        />
        <DbField
          label={t('volume.range')}
          value={range}
          min={VOLUME_RANGE_MIN_DB}
          max={VOLUME_RANGE_MAX_DB}
          step={VOLUME_RANGE_STEP_DB}
          onApply={apply}
          size="small"
          sx={{ width: 140 }}
        />
      </Stack>
    </Box>
  );
}

function OffsetsSection({ groupIndex, group }: { groupIndex: number; group: VolumeGroup }) {
  const { t } = useTouchGroupsText();
  const { panel, amps, dispatch } = useCurrentPanel();
  const refs = volumeGroupRefs(group);
  return (
    <Box>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
        {t('volume.offsets')}
      </Typography>
      {refs.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('volume.noChannels')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
          {refs.map((ref) => {
            const amp = group.amps.find((a) => a.macAddress === ref.macAddress);
            const name = findTouchAmp(amps, ref)?.name ?? ref.ipAddress;
            return (
              <DbField
                key={ampChannelKey(ref.macAddress, ref.channel)}
                label={t('volume.offsetLabel', { amp: name, n: ref.channel })}
                value={amp?.channels[String(ref.channel)]?.offset ?? 0}
                min={CHANNEL_OFFSET_MIN_DB}
                max={CHANNEL_OFFSET_MAX_DB}
                step={CHANNEL_OFFSET_STEP_DB}
                size="small"
                onApply={(offset) =>
                  dispatch(
                    act.channelOffsetSet({
                      id: panel.id,
                      group: groupIndex,
                      macAddress: ref.macAddress,
                      channel: ref.channel,
                      offset,
                    }),
                  )
                }
              />
            );
          })}
        </Box>
      )}
    </Box>
  );
}

function SubgroupsSection({ groupIndex, group }: { groupIndex: number; group: VolumeGroup }) {
  const { t } = useTouchGroupsText();
  const { panel } = useCurrentPanel();
  const [adding, setAdding] = useState(false);
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography component="h3" variant="subtitle2">
          {t('volume.subgroups')}
        </Typography>
        <Button size="small" onClick={() => setAdding(true)}>
          {t('volume.addSubgroup')}
        </Button>
      </Stack>
      {group.subGroups.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('volume.noSubgroups')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
          {group.subGroups.map((s, j) => (
            <li key={j}>
              <Link component={RouterLink} to={groupPath(panel.id, groupIndex, j)}>
                {s.name}
              </Link>{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                {t('list.channels', { count: s.amps.reduce((n, a) => n + a.channels.length, 0) })}
              </Typography>
            </li>
          ))}
        </Stack>
      )}
      {adding && (
        <VolumeSubgroupDialog groupIndex={groupIndex} subGroupIndex={null} open onClose={() => setAdding(false)} />
      )}
    </Box>
  );
}

export function VolumeGroupForm({ groupIndex }: { groupIndex: number }) {
  const { t } = useTouchGroupsText();
  const { panel, config, amps, dispatch } = useCurrentPanel();
  const group = config?.groups[groupIndex];
  if (!config || group?.type !== 'volume') return null;
  const taken = channelsInOtherGroups(config, groupIndex);

  return (
    <Paper variant="outlined" component="section" aria-label={group.name} sx={{ p: 2 }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="overline" color="text.secondary">
            {t('list.typeVolume')}
          </Typography>
          <NameField
            label={t('volume.name')}
            value={group.name}
            valid={isValidGroupRename}
            errorText={t('volume.nameError', { max: GROUP_NAME_MAX_LENGTH })}
            onApply={(name) => dispatch(act.groupRenamed({ id: panel.id, group: groupIndex, name }))}
          />
        </Box>
        <RangeSection groupIndex={groupIndex} range={group.range} />
        <ChannelPicker
          label={t('volume.channels')}
          amps={amps}
          selected={volumeGroupRefs(group)}
          disabled={(ref) => taken.has(ampChannelKey(ref.macAddress, ref.channel))}
          disabledHint={t('volume.takenHint')}
          onChange={(channels) => dispatch(act.volumeChannelsSet({ id: panel.id, group: groupIndex, channels }))}
        />
        <OffsetsSection groupIndex={groupIndex} group={group} />
        <SubgroupsSection groupIndex={groupIndex} group={group} />
        <VolumeLiveTest groupIndex={groupIndex} />
      </Stack>
    </Paper>
  );
}
