/**
 * spec 3 §2 header: the configuration's name, its menu (Rename, Import settings, Export settings), and Cancel and
 * Save while there are unsaved changes or a save runs (hidden while the save lock is on). Save first checks the
 * configuration against the amps found (issue 19) and, when something would make the panel misbehave, lists it
 * and asks; Ctrl/Cmd+S saves too.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  SvgIcon,
  Typography,
} from '@mui/material';
import { TOUCH_EXPORT_FILE_NAME, TOUCH_MESSAGES, type TouchConfiguration } from '@rackside/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { useCurrentPanel } from '../hooks/current-panel';
import { findConflicts, type TouchConflict } from '../model/conflicts';
import { useConflictText } from './conflict-text';
import { touchEditorActions as act } from '../store/touch-editor-slice';
import { useTouchText } from '../touch-i18n';
import { ImportDialog, RenameDialog } from './touch-header-dialogs';

/** The version of the files Export settings writes (spec 3 §3: the file has version and groups). */
const TOUCH_EXPORT_VERSION = 1;

const MoreIcon = () => (
  <SvgIcon>
    <circle cx="12" cy="5" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="12" cy="19" r="2" />
  </SvgIcon>
);

/** spec 3 §4/§9: the shown configuration as `cs-touch-export.json` (a Blob URL clicked through a temporary link). */
function downloadExport(config: TouchConfiguration): void {
  const file = { version: TOUCH_EXPORT_VERSION, name: config.name, groups: config.groups };
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = TOUCH_EXPORT_FILE_NAME;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // the download has its own reference to the Blob once started
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}

/** "Check before saving": what would make the panel misbehave, with Back to editing and Save anyway. */
function ConflictDialog(props: { conflicts: readonly TouchConflict[]; onBack: () => void; onSave: () => void }) {
  const { t } = useTouchText();
  const describe = useConflictText();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open onClose={props.onBack} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('conflicts.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('conflicts.intro', { count: props.conflicts.length })}</DialogContentText>
        <Typography component="ul" variant="body2" sx={{ mt: 1, mb: 0, pl: 3 }} aria-label={t('conflicts.listLabel')}>
          {props.conflicts.map((c, i) => (
            <li key={i}>{describe(c)}</li>
          ))}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onBack} autoFocus>
          {t('conflicts.back')}
        </Button>
        <Button color="warning" variant="contained" onClick={props.onSave}>
          {t('conflicts.saveAnyway')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function TouchHeader() {
  const { t } = useTouchText();
  const { panel, edit, config, dirty, amps, saveLocked, dispatch, save } = useCurrentPanel();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'rename' | 'import' | null>(null);
  const [conflicts, setConflicts] = useState<readonly TouchConflict[] | null>(null);

  const name = config?.name || panel.name;
  const canSave = dirty && !edit.saving && !saveLocked && config !== null;
  const showActions = (dirty || edit.saving) && !saveLocked;
  const editable = config !== null && !edit.saving && !saveLocked;

  const trySave = () => {
    if (!canSave || conflicts !== null) return;
    const found = findConflicts(config, amps);
    if (found.length > 0) setConflicts(found);
    else void save();
  };

  // Ctrl/Cmd+S saves (the browser's "save page" is not what anyone means here), though not from inside a dialog
  // (a group's form, say); the listener reads the latest render
  const shortcut = useRef(trySave);
  shortcut.current = trySave;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      if (e.target instanceof Element && e.target.closest('[role="dialog"]')) return;
      shortcut.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const open = (which: 'rename' | 'import') => {
    setAnchor(null);
    setDialog(which);
  };
  const exportSettings = () => {
    setAnchor(null);
    if (!config) return;
    try {
      downloadExport(config);
    } catch {
      dispatch(act.errorShown({ id: panel.id, message: TOUCH_MESSAGES.failedToGenerateExportUrl }));
    }
  };

  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
      <Typography component="h1" variant="h5" noWrap sx={{ minWidth: 0 }} title={name}>
        {name}
      </Typography>
      <IconButton
        aria-label={t('header.menu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled={!editable} onClick={() => open('rename')}>
          {t('header.rename')}
        </MenuItem>
        <MenuItem disabled={!editable} onClick={() => open('import')}>
          {t('header.import')}
        </MenuItem>
        <MenuItem disabled={config === null} onClick={exportSettings}>
          {t('header.export')}
        </MenuItem>
      </Menu>
      {showActions && (
        <Stack direction="row" sx={{ gap: 1, ml: 'auto' }}>
          <Button disabled={edit.saving} onClick={() => dispatch(act.discarded({ id: panel.id }))}>
            {t('header.cancel')}
          </Button>
          <Button variant="contained" loading={edit.saving} disabled={!canSave && !edit.saving} onClick={trySave}>
            {t('header.save')}
          </Button>
        </Stack>
      )}
      {dialog === 'rename' && <RenameDialog onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
      {conflicts && (
        <ConflictDialog
          conflicts={conflicts}
          onBack={() => setConflicts(null)}
          onSave={() => {
            setConflicts(null);
            void save();
          }}
        />
      )}
    </Stack>
  );
}
