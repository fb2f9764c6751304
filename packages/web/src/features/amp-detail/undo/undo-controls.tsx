/**
 * Issue 18: Undo, Redo and the change history of the amp in the detail's header, and the keyboard shortcuts
 * (use-undo-shortcuts.ts) while the detail is shown.
 */
import { IconButton, Tooltip } from '@mui/material';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmpModel, useWriteHistory, type HistoryEntry } from '../../../device';
import { treeInfo } from '../../../device/fields';
import { describeChange } from './describe-change';
import { HistoryMenu } from './history-menu';
import { UNDO_NS } from './undo-i18n';
import { HistoryIcon, RedoIcon, UndoIcon } from './undo-icons';
import { useUndoShortcuts } from './use-undo-shortcuts';

interface StepButtonProps {
  readonly label: string;
  /** The tooltip: what the step would change, or the shortcuts. */
  readonly hint: string;
  readonly disabled: boolean;
  readonly onClick: () => void;
  readonly icon: ReactNode;
}

function StepButton({ label, hint, disabled, onClick, icon }: StepButtonProps) {
  const hintId = useId();
  return (
    <Tooltip title={hint} describeChild>
      {/* a disabled button gets no pointer events: the span keeps the tooltip; the button itself is described by
          the same hint (a hidden element may describe), so a screen reader on the button hears what it would do */}
      <span>
        <IconButton aria-label={label} aria-describedby={hintId} disabled={disabled} onClick={onClick}>
          {icon}
        </IconButton>
        <span id={hintId} hidden>
          {hint}
        </span>
      </span>
    </Tooltip>
  );
}

export function UndoControls({ ampId }: { ampId: string }) {
  const { t, i18n } = useTranslation(UNDO_NS);
  const controls = useWriteHistory(ampId);
  const { history, canUndo, canRedo, canStep, undo, redo } = controls;
  const model = useAmpModel(ampId);
  const info = useMemo(() => (model ? treeInfo(model) : undefined), [model]);
  const language = i18n.language;
  const describe = useCallback(
    (entry: HistoryEntry) => describeChange(entry, { t, info, language }),
    [t, info, language],
  );
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  // not gated on this render's stacks: Ctrl+Y pressed before the amp has taken the Ctrl+Z redoes it (the history
  // queues the steps), as the user means
  useUndoShortcuts({
    undo: () => (canStep ? void undo() : undefined),
    redo: () => (canStep ? void redo() : undefined),
  });
  const nextUndo = history.undo.at(-1);
  const nextRedo = history.redo.at(-1);
  return (
    <>
      <StepButton
        label={t('undo')}
        hint={nextUndo ? t('undoNext', { change: describe(nextUndo) }) : t('shortcuts')}
        disabled={!canUndo}
        onClick={() => void undo()}
        icon={<UndoIcon />}
      />
      <StepButton
        label={t('redo')}
        hint={nextRedo ? t('redoNext', { change: describe(nextRedo) }) : t('shortcuts')}
        disabled={!canRedo}
        onClick={() => void redo()}
        icon={<RedoIcon />}
      />
      <Tooltip title={t('history')}>
        <IconButton
          aria-label={t('history')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <HistoryIcon />
        </IconButton>
      </Tooltip>
      <HistoryMenu
        id={menuId}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        controls={controls}
        describe={describe}
      />
    </>
  );
}
