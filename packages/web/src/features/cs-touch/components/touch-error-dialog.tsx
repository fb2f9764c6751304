/**
 * spec 3 §8 touch error dialog: titled Error, the message translated when it is one the editor knows, else the
 * default about the update failing with the amp's reason under it; only OK, which clears the error.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { TOUCH_MESSAGES } from '@rackside/protocol';
import { useId, useState } from 'react';
import { useCurrentPanel } from '../hooks/current-panel';
import { touchEditorActions as act } from '../store/touch-editor-slice';
import { useTouchText } from '../touch-i18n';

type KnownMessage = 'unableToUpdate' | 'couldNotUpdate' | 'failedToGenerateExportUrl' | 'failedToImportSettings';

/** The catalogue texts (and the export's message key) a dialog shows on their own, translated. */
const KNOWN: Readonly<Record<string, KnownMessage>> = {
  [TOUCH_MESSAGES.unableToUpdate]: 'unableToUpdate',
  [TOUCH_MESSAGES.couldNotUpdate]: 'couldNotUpdate',
  [TOUCH_MESSAGES.failedToGenerateExportUrl]: 'failedToGenerateExportUrl',
  [TOUCH_MESSAGES.failedToGenerateExportUrlKey]: 'failedToGenerateExportUrl',
  [TOUCH_MESSAGES.failedToImportSettings]: 'failedToImportSettings',
};

/** The dialog's lines: a known message alone; anything else is why a save failed, under the default. */
function useErrorLines(message: string): string[] {
  const { t } = useTouchText();
  const known = KNOWN[message];
  if (known) return [t(`error.messages.${known}`)];
  const reason = message === TOUCH_MESSAGES.unknownError ? t('error.messages.unknownError') : message;
  return [t('error.messages.unableToUpdate'), reason].filter((line) => line.trim() !== '');
}

export function TouchErrorDialog() {
  const { t } = useTouchText();
  const { panel, edit, dispatch } = useCurrentPanel();
  const titleId = useId();
  const textId = useId();
  // the last message stays while the dialog closes
  const [shown, setShown] = useState(edit.error ?? '');
  if (edit.error !== null && edit.error !== shown) setShown(edit.error);
  const lines = useErrorLines(edit.error ?? shown);
  const close = () => dispatch(act.errorCleared({ id: panel.id }));

  return (
    <Dialog open={edit.error !== null} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t('error.title')}</DialogTitle>
      <DialogContent id={textId}>
        {lines.map((line, i) => (
          <DialogContentText key={i} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: i > 0 ? 1 : 0 }}>
            {line}
          </DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close} autoFocus>
          {t('error.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
