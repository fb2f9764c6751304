/**
 * spec 3 §2: the detail area under the group routes: /group/{i} shows the volume or source group form, /group/{i}/{j}
 * the volume subgroup form; an index that is not a number or names no group goes back to the panel's group area (a
 * subgroup index past the parent's subgroups to the parent group).
 */
import { Paper, Typography } from '@mui/material';
import { Navigate, useParams } from 'react-router';
import { useCurrentPanel } from '../hooks/current-panel';
import { groupPath, panelPath } from '../model/paths';
import { useTouchGroupsText } from '../touch-i18n';
import { routeIndex } from './group-list';
import { SourceGroupForm } from './source-group-form';
import { VolumeGroupForm } from './volume-group-form';
import { VolumeSubgroupForm } from './volume-subgroup-form';

export function GroupDetail() {
  const params = useParams();
  const { panel, config } = useCurrentPanel();
  const groupIndex = routeIndex(params.groupIndex);
  const subGroupIndex = routeIndex(params.subGroupIndex);
  const group = groupIndex === undefined ? undefined : config?.groups[groupIndex];
  const back = <Navigate to={panelPath(panel.id)} replace />;

  if (config === null) return null;
  if (groupIndex === undefined || !group) return back;
  if (params.subGroupIndex !== undefined) {
    if (group.type !== 'volume' || subGroupIndex === undefined) return back;
    // a subgroup that is no more (removed: spec 3 §2) leaves its parent group selected
    if (!group.subGroups[subGroupIndex]) return <Navigate to={groupPath(panel.id, groupIndex)} replace />;
    return (
      <VolumeSubgroupForm
        key={`${groupIndex}/${subGroupIndex}`}
        groupIndex={groupIndex}
        subGroupIndex={subGroupIndex}
      />
    );
  }
  return group.type === 'volume' ? (
    <VolumeGroupForm key={groupIndex} groupIndex={groupIndex} />
  ) : (
    <SourceGroupForm key={groupIndex} groupIndex={groupIndex} />
  );
}

/** /cs-touch/{id} without a group: a hint to pick one (the empty list itself invites to create the first). */
export function GroupAreaPrompt() {
  const { t } = useTouchGroupsText();
  const { config } = useCurrentPanel();
  if (!config || config.groups.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary">{t('detail.prompt')}</Typography>
    </Paper>
  );
}
