/**
 * The header menu's dialogs (spec 3 §2/§4/§5): Rename (Save disabled when the name is empty or longer than 50
 * characters; the controller takes the name on save) and Import settings (a JSON file checked against the schema;
 * Import enabled only for a valid file; the file's groups replace the copy's, the current name is kept).
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  GROUP_NAME_MAX_LENGTH,
  applyTouchImport,
  isValidGroupRename,
  parseTouchConfigFile,
  type TouchImportParse,
} from '@rackside/protocol';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { TextLimitHelper } from '../../../shared/ui/text-limit';
import { useCurrentPanel } from '../hooks/current-panel';
import { touchEditorActions as act } from '../store/touch-editor-slice';
import { useTouchText } from '../touch-i18n';

/** Renames the configuration shown (the copy is made on the first edit). */
export function RenameDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTouchText();
  const { panel, config, dispatch } = useCurrentPanel();
  const titleId = useId();
  const initial = config?.name || panel.name;
  const [name, setName] = useState(initial);
  const valid = isValidGroupRename(name);
  const tooLong = name.length > GROUP_NAME_MAX_LENGTH;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    if (name !== config?.name) dispatch(act.renamed({ id: panel.id, name }));
    onClose();
  };

  let message: string | undefined;
  if (tooLong) message = t('rename.tooLong', { max: GROUP_NAME_MAX_LENGTH });
  else if (name.trim() === '') message = t('rename.empty');

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('rename.title')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            <TextField
              autoFocus
              fullWidth
              label={t('rename.label')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={message !== undefined}
              helperText={
                <TextLimitHelper
                  message={message}
                  counter={t('rename.counter', { length: name.length, max: GROUP_NAME_MAX_LENGTH })}
                />
              }
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
            />
            <Typography variant="body2" color="text.secondary">
              {t('rename.hint')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('rename.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid}>
            {t('rename.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type ImportRead =
  { kind: 'none' } | { kind: 'reading'; name: string } | { kind: 'read'; name: string; parse: TouchImportParse };

/** Reads a chosen file; the copy changes only when a valid file is confirmed. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTouchText();
  const { panel, config, dispatch } = useCurrentPanel();
  const titleId = useId();
  const inputId = useId();
  const [read, setRead] = useState<ImportRead>({ kind: 'none' });
  // only the last chosen file's answer counts
  const latest = useRef(0);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file can be chosen again
    if (!file) return;
    const turn = ++latest.current;
    setRead({ kind: 'reading', name: file.name });
    const done = (parsed: TouchImportParse) => {
      if (turn === latest.current) setRead({ kind: 'read', name: file.name, parse: parsed });
    };
    file.text().then(
      (text) => done(parseTouchConfigFile(text)),
      () => done(parseTouchConfigFile('')),
    );
  };

  // spec 3 §4: the file's volume and source groups, under the current name
  const imported =
    read.kind === 'read' && read.parse.ok && config ? applyTouchImport(config, read.parse.file) : undefined;
  const confirm = () => {
    if (!imported) return;
    dispatch(act.imported({ id: panel.id, config: imported }));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('import.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <DialogContentText>{t('import.text')}</DialogContentText>
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" component="label" htmlFor={inputId}>
              {t('import.choose')}
              <input id={inputId} type="file" accept=".json,application/json" hidden onChange={choose} />
            </Button>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {read.kind === 'none' ? t('import.noFile') : t('import.fileName', { name: read.name })}
            </Typography>
          </Stack>
          {read.kind === 'reading' && <Typography role="status">{t('import.reading')}</Typography>}
          {read.kind === 'read' && !read.parse.ok && (
            <Alert severity="error">
              {t('error.messages.failedToImportSettings')} {t('import.invalidHint')}
            </Alert>
          )}
          {imported && (
            <Alert severity="info">
              {t('import.ready', { count: imported.groups.length, name: imported.name || panel.name })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('import.cancel')}</Button>
        <Button variant="contained" disabled={!imported} onClick={confirm}>
          {t('import.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
