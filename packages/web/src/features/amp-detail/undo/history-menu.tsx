/** Issue 18: the amp's recent changes, newest first, and the undone ones; choosing one undoes (or redoes) up to it. */
import { ListSubheader, Menu, MenuItem } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry, WriteHistoryControls } from '../../../device';
import { UNDO_NS } from './undo-i18n';

/** Entries listed of each stack (the history keeps more: Ctrl+Z reaches them). */
export const HISTORY_SHOWN = 12;

export interface HistoryMenuProps {
  readonly id: string;
  readonly anchor: HTMLElement | null;
  readonly onClose: () => void;
  readonly controls: WriteHistoryControls;
  readonly describe: (entry: HistoryEntry) => string;
}

export function HistoryMenu({ id, anchor, onClose, controls, describe }: HistoryMenuProps) {
  const { t } = useTranslation(UNDO_NS);
  const { history, canUndo, canRedo } = controls;
  const done = history.undo.slice(-HISTORY_SHOWN).reverse();
  const undone = history.redo.slice(-HISTORY_SHOWN).reverse();
  const choose = (step: (steps: number) => Promise<void>, steps: number) => () => {
    onClose();
    void step(steps);
  };
  // Menu takes its items as direct children (no fragments): one flat list
  const items: ReactElement[] = [];
  if (done.length === 0 && undone.length === 0)
    items.push(
      <MenuItem key="empty" disabled>
        {t('historyEmpty')}
      </MenuItem>,
    );
  if (done.length > 0) items.push(<ListSubheader key="done">{t('done')}</ListSubheader>);
  done.forEach((entry, i) =>
    items.push(
      <MenuItem key={entry.id} disabled={!canUndo} onClick={choose(controls.undo, i + 1)}>
        {describe(entry)}
      </MenuItem>,
    ),
  );
  if (undone.length > 0) items.push(<ListSubheader key="undone">{t('undone')}</ListSubheader>);
  undone.forEach((entry, i) =>
    items.push(
      <MenuItem
        key={entry.id}
        disabled={!canRedo}
        onClick={choose(controls.redo, i + 1)}
        sx={{ color: 'text.secondary' }}
      >
        {describe(entry)}
      </MenuItem>,
    ),
  );
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{
        list: { 'aria-label': t('history'), dense: true },
        paper: { sx: { maxHeight: 420, maxWidth: 480 } },
      }}
    >
      {items}
    </Menu>
  );
}
