/**
 * spec 3 §2 / §4: the group list of the touch editor: the add menu (volume or source group), one card per top-level
 * group with a volume group's subgroups nested, up/down arrows (the route follows the moved group) and a more-menu
 * (add a subgroup, remove after a confirmation). The selected card is the one the route names.
 */
import { Box, ButtonBase, IconButton, Menu, MenuItem, Paper, Stack, Typography } from '@mui/material';
import type { TouchGroup } from '@rackside/protocol';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useCurrentPanel } from '../hooks/current-panel';
import { groupPath, panelPath } from '../model/paths';
import { touchEditorActions as act } from '../store/touch-editor-slice';
import { useTouchGroupsText } from '../touch-i18n';
import { AddIcon, ArrowDownIcon, ArrowUpIcon, MoreIcon } from './touch-icons';
import { VolumeSubgroupDialog } from './volume-subgroup-form';

/** A route index: a whole non-negative number, else undefined. */
export const routeIndex = (segment: string | undefined): number | undefined =>
  segment !== undefined && /^\d+$/.test(segment) ? Number(segment) : undefined;

/** The group and subgroup the route selects (undefined where it selects none). */
export function useSelectedGroup(): { group: number | undefined; sub: number | undefined } {
  const params = useParams();
  return { group: routeIndex(params.groupIndex), sub: routeIndex(params.subGroupIndex) };
}

interface MenuAction {
  readonly label: string;
  readonly onClick: () => void;
}

interface GroupCardProps {
  readonly name: string;
  readonly summary: string;
  readonly to: string;
  readonly selected: boolean;
  readonly first: boolean;
  readonly last: boolean;
  readonly onMove: (by: -1 | 1) => void;
  readonly actions: readonly MenuAction[];
  readonly children?: ReactNode;
}

function GroupCard(props: GroupCardProps) {
  const { t } = useTouchGroupsText();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        listStyle: 'none',
        overflow: 'hidden',
        ...(props.selected && { borderColor: 'primary.main', bgcolor: 'action.selected' }),
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', pr: 0.5 }}>
        <ButtonBase
          component={RouterLink}
          to={props.to}
          aria-current={props.selected ? 'page' : undefined}
          sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', px: 1.5, py: 1 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: props.selected ? 600 : 400, overflowWrap: 'anywhere' }}>
              {props.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {props.summary}
            </Typography>
          </Box>
        </ButtonBase>
        <IconButton
          size="small"
          aria-label={t('list.moveUp', { name: props.name })}
          disabled={props.first}
          onClick={() => props.onMove(-1)}
        >
          <ArrowUpIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('list.moveDown', { name: props.name })}
          disabled={props.last}
          onClick={() => props.onMove(1)}
        >
          <ArrowDownIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('list.more', { name: props.name })}
          aria-haspopup="menu"
          onClick={(e) => setMenuAnchor(e.currentTarget)}
        >
          <MoreIcon fontSize="small" />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          {props.actions.map((a) => (
            <MenuItem
              key={a.label}
              onClick={() => {
                setMenuAnchor(null);
                a.onClick();
              }}
            >
              {a.label}
            </MenuItem>
          ))}
        </Menu>
      </Stack>
      {props.children}
    </Paper>
  );
}

/** The first free "Volume group N" / "Source group N". */
function freeName(groups: readonly TouchGroup[], type: TouchGroup['type'], make: (n: number) => string): string {
  const names = new Set(groups.map((g) => g.name));
  let n = groups.filter((g) => g.type === type).length + 1;
  while (names.has(make(n))) n++;
  return make(n);
}

const volumeChannels = (amps: readonly { channels: object }[]) =>
  amps.reduce((sum, a) => sum + Object.keys(a.channels).length, 0);

interface Removing {
  readonly group: number;
  readonly sub?: number;
  readonly name: string;
}

export function GroupList() {
  const { t } = useTouchGroupsText();
  const { panel, config, dispatch } = useCurrentPanel();
  const navigate = useNavigate();
  const titleId = useId();
  const selected = useSelectedGroup();
  const [addAnchor, setAddAnchor] = useState<HTMLElement | null>(null);
  const [removing, setRemoving] = useState<Removing | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [addingSubgroupTo, setAddingSubgroupTo] = useState<number | null>(null);
  const id = panel.id;
  const groups = config?.groups ?? [];

  const addVolume = () => {
    setAddAnchor(null);
    dispatch(act.volumeGroupAdded({ id, name: freeName(groups, 'volume', (n) => t('list.newVolumeName', { n })) }));
    void navigate(groupPath(id, groups.length));
  };
  const addSource = () => {
    setAddAnchor(null);
    const name = freeName(groups, 'sourceSelect', (n) => t('list.newSourceName', { n }));
    dispatch(act.sourceGroupAdded({ id, name, stateName: t('list.newStateName') }));
    void navigate(groupPath(id, groups.length));
  };

  const moveGroup = (group: number, by: -1 | 1) => {
    dispatch(act.groupMoved({ id, group, by }));
    if (selected.group === group) void navigate(groupPath(id, group + by, selected.sub), { replace: true });
    else if (selected.group === group + by) void navigate(groupPath(id, group, selected.sub), { replace: true });
  };
  const moveSubgroup = (group: number, sub: number, by: -1 | 1) => {
    dispatch(act.subgroupMoved({ id, group, sub, by }));
    if (selected.group !== group) return;
    if (selected.sub === sub) void navigate(groupPath(id, group, sub + by), { replace: true });
    else if (selected.sub === sub + by) void navigate(groupPath(id, group, sub), { replace: true });
  };
  const askRemove = (what: Removing) => {
    setRemoving(what);
    setConfirming(true);
  };
  const confirmRemove = () => {
    if (!removing || !confirming) return;
    const { group, sub } = removing;
    setConfirming(false);
    if (sub === undefined) {
      dispatch(act.groupRemoved({ id, group }));
      void navigate(panelPath(id), { replace: true });
    } else {
      dispatch(act.subgroupRemoved({ id, group, sub }));
      void navigate(groupPath(id, group), { replace: true });
    }
  };

  const summaryOf = (g: TouchGroup): string =>
    g.type === 'volume'
      ? [
          t('list.typeVolume'),
          t('list.amps', { count: g.amps.length }),
          t('list.channels', { count: volumeChannels(g.amps) }),
        ].join(' · ')
      : [
          t('list.typeSource'),
          t('list.states', { count: g.states.length }),
          t('list.channels', { count: g.states[0]?.sources.length ?? 0 }),
        ].join(' · ');

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={titleId} component="h2" variant="h6">
          {t('list.title')}
        </Typography>
        <IconButton
          color="primary"
          aria-label={t('list.add')}
          aria-haspopup="menu"
          onClick={(e) => setAddAnchor(e.currentTarget)}
        >
          <AddIcon />
        </IconButton>
        <Menu anchorEl={addAnchor} open={addAnchor !== null} onClose={() => setAddAnchor(null)}>
          <MenuItem onClick={addVolume}>{t('list.addVolume')}</MenuItem>
          <MenuItem onClick={addSource}>{t('list.addSource')}</MenuItem>
        </Menu>
      </Stack>

      {groups.length === 0 ? (
        <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderStyle: 'dashed', borderRadius: 1 }}>
          <Typography sx={{ fontWeight: 500 }}>{t('list.emptyTitle')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('list.emptyText')}
          </Typography>
        </Box>
      ) : (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
          {groups.map((g, i) => (
            <GroupCard
              key={i}
              name={g.name}
              summary={summaryOf(g)}
              to={groupPath(id, i)}
              selected={selected.group === i && selected.sub === undefined}
              first={i === 0}
              last={i === groups.length - 1}
              onMove={(by) => moveGroup(i, by)}
              actions={
                g.type === 'volume'
                  ? [
                      { label: t('list.addSubgroup'), onClick: () => setAddingSubgroupTo(i) },
                      { label: t('list.removeVolume'), onClick: () => askRemove({ group: i, name: g.name }) },
                    ]
                  : [{ label: t('list.removeSource'), onClick: () => askRemove({ group: i, name: g.name }) }]
              }
            >
              {g.type === 'volume' && g.subGroups.length > 0 && (
                <Stack component="ul" spacing={1} sx={{ m: 0, pl: 3, pr: 1, pb: 1 }}>
                  {g.subGroups.map((s, j) => (
                    <GroupCard
                      key={j}
                      name={s.name}
                      summary={[
                        t('list.typeSubgroup'),
                        t('list.channels', { count: s.amps.reduce((n, a) => n + a.channels.length, 0) }),
                      ].join(' · ')}
                      to={groupPath(id, i, j)}
                      selected={selected.group === i && selected.sub === j}
                      first={j === 0}
                      last={j === g.subGroups.length - 1}
                      onMove={(by) => moveSubgroup(i, j, by)}
                      actions={[
                        {
                          label: t('list.removeSubgroup'),
                          onClick: () => askRemove({ group: i, sub: j, name: s.name }),
                        },
                      ]}
                    />
                  ))}
                </Stack>
              )}
            </GroupCard>
          ))}
        </Stack>
      )}

      <ConfirmDialog
        open={confirming}
        title={t('list.removeTitle', { name: removing?.name ?? '' })}
        text={removing?.sub === undefined ? t('list.removeGroupText') : t('list.removeSubgroupText')}
        cancelLabel={t('list.cancel')}
        confirmLabel={t('list.remove')}
        busy={false}
        onConfirm={confirmRemove}
        onClose={() => setConfirming(false)}
      />
      {addingSubgroupTo !== null && (
        <VolumeSubgroupDialog
          groupIndex={addingSubgroupTo}
          subGroupIndex={null}
          open
          onClose={() => setAddingSubgroupTo(null)}
        />
      )}
    </Box>
  );
}
