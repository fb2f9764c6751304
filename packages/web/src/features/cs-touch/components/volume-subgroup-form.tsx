/**
 * spec 3 §3 / §4 / §5: a volume subgroup: a name (1 to 60 characters) and some of its parent group's channels, a
 * channel in one subgroup only (those of sibling subgroups disabled). The route's form edits it in place; the dialog
 * adds one (a subgroup of the same name is replaced) or edits one.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  SUBGROUP_NAME_MAX_LENGTH,
  ampChannelKey,
  channelsTakenBySiblings,
  isValidSubgroupName,
  type VolumeGroup,
  type VolumeSubGroup,
  type VolumeSubGroupAmp,
} from '@rackside/protocol';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCurrentPanel } from '../hooks/current-panel';
import { groupPath } from '../model/paths';
import { touchEditorActions as act, type AmpChannelRef } from '../store/touch-editor-slice';
import { useTouchGroupsText } from '../touch-i18n';
import { ChannelPicker } from './channel-picker';
import { NameField, volumeGroupRefs } from './group-fields';

/** A subgroup's channels as picker references. */
const subgroupRefs = (sub: VolumeSubGroup | undefined): AmpChannelRef[] =>
  (sub?.amps ?? []).flatMap((a) =>
    a.channels.map((channel) => ({ ipAddress: a.ipAddress, macAddress: a.macAddress, channel })),
  );

/** Picker references as a subgroup's amps: one entry per amp (by MAC), channels ascending. */
function subgroupAmps(refs: readonly AmpChannelRef[]): VolumeSubGroupAmp[] {
  const amps: VolumeSubGroupAmp[] = [];
  for (const ref of refs) {
    const amp = amps.find((a) => a.macAddress.toLowerCase() === ref.macAddress.toLowerCase());
    if (amp) amp.channels.push(ref.channel);
    else amps.push({ ipAddress: ref.ipAddress, macAddress: ref.macAddress, channels: [ref.channel] });
  }
  for (const a of amps) a.channels.sort((x, y) => x - y);
  return amps;
}

/** The parent volume group the route or dialog names, if it is one. */
function useVolumeGroup(groupIndex: number): VolumeGroup | undefined {
  const group = useCurrentPanel().config?.groups[groupIndex];
  return group?.type === 'volume' ? group : undefined;
}

/** The channel picker of a subgroup: the parent's channels only; those of sibling subgroups disabled. */
function SubgroupChannels(props: {
  group: VolumeGroup;
  /** The subgroup whose channels stay free (null: a new one). */
  own: number | null;
  selected: readonly AmpChannelRef[];
  onChange: (next: AmpChannelRef[]) => void;
}) {
  const { t } = useTouchGroupsText();
  const { amps } = useCurrentPanel();
  const taken = channelsTakenBySiblings(props.group, props.own);
  return (
    <ChannelPicker
      label={t('sub.channels')}
      amps={amps}
      selected={props.selected}
      only={volumeGroupRefs(props.group)}
      disabled={(ref) => taken.has(ampChannelKey(ref.macAddress, ref.channel))}
      disabledHint={t('sub.takenHint')}
      onChange={props.onChange}
    />
  );
}

/** The form of the route /cs-touch/{id}/group/{i}/{j}: the subgroup's name and channels, applied as edited. */
export function VolumeSubgroupForm({ groupIndex, subGroupIndex }: { groupIndex: number; subGroupIndex: number }) {
  const { t } = useTouchGroupsText();
  const { panel, dispatch } = useCurrentPanel();
  const group = useVolumeGroup(groupIndex);
  const sub = group?.subGroups[subGroupIndex];
  if (!group || !sub) return null;
  const saveSub = (subGroup: VolumeSubGroup) =>
    dispatch(act.subgroupSaved({ id: panel.id, group: groupIndex, subGroup, index: subGroupIndex }));

  return (
    <Paper variant="outlined" component="section" aria-label={sub.name} sx={{ p: 2 }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="overline" color="text.secondary" component="p">
            <Link component={RouterLink} to={groupPath(panel.id, groupIndex)}>
              {t('sub.inGroup', { name: group.name })}
            </Link>
          </Typography>
          <NameField
            label={t('sub.name')}
            value={sub.name}
            valid={isValidSubgroupName}
            errorText={t('sub.nameRequired')}
            helperText={t('sub.nameHelp', { max: SUBGROUP_NAME_MAX_LENGTH })}
            maxLength={SUBGROUP_NAME_MAX_LENGTH}
            onApply={(name) => saveSub({ ...sub, name })}
          />
        </Box>
        <SubgroupChannels
          group={group}
          own={subGroupIndex}
          selected={subgroupRefs(sub)}
          onChange={(next) => saveSub({ ...sub, amps: subgroupAmps(next) })}
        />
      </Stack>
    </Paper>
  );
}

/** Adds a subgroup (subGroupIndex null; one of the same name is replaced) or edits one; Save opens its route. */
export function VolumeSubgroupDialog(props: {
  groupIndex: number;
  subGroupIndex: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTouchGroupsText();
  const { panel, dispatch } = useCurrentPanel();
  const navigate = useNavigate();
  const titleId = useId();
  const group = useVolumeGroup(props.groupIndex);
  const editing = props.subGroupIndex === null ? undefined : group?.subGroups[props.subGroupIndex];
  const [name, setName] = useState(editing?.name ?? '');
  const [channels, setChannels] = useState<AmpChannelRef[]>(() => subgroupRefs(editing));
  const [touched, setTouched] = useState(false);
  if (!group) return null;

  const sameName = group.subGroups.findIndex((s) => s.name === name);
  const replaces = props.subGroupIndex === null && sameName >= 0;
  /** The subgroup saving writes: the one edited, the one of the same name, else a new one at the end. */
  const target = props.subGroupIndex ?? (replaces ? sameName : null);
  const valid = isValidSubgroupName(name);

  const save = () => {
    if (!valid) return;
    const subGroup: VolumeSubGroup = { name, amps: subgroupAmps(channels) };
    dispatch(
      act.subgroupSaved({
        id: panel.id,
        group: props.groupIndex,
        subGroup,
        ...(props.subGroupIndex === null ? {} : { index: props.subGroupIndex }),
      }),
    );
    props.onClose();
    void navigate(groupPath(panel.id, props.groupIndex, target ?? group.subGroups.length));
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{props.subGroupIndex === null ? t('sub.newTitle') : t('sub.editTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('sub.name')}
            value={name}
            autoFocus
            required
            error={touched && !valid}
            helperText={
              touched && !valid ? t('sub.nameRequired') : t('sub.nameHelp', { max: SUBGROUP_NAME_MAX_LENGTH })
            }
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') save();
            }}
            slotProps={{ htmlInput: { maxLength: SUBGROUP_NAME_MAX_LENGTH } }}
          />
          {replaces && <Alert severity="info">{t('sub.replaces')}</Alert>}
          <SubgroupChannels group={group} own={target} selected={channels} onChange={setChannels} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('sub.cancel')}</Button>
        <Button variant="contained" disabled={!valid} onClick={save}>
          {t('sub.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
