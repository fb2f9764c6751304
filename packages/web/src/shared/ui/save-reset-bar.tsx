/** The Reset and Save buttons of a settings page that saves on demand (network, 802.1X). */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';

export interface SaveResetBarProps {
  labels: { reset: string; save: string };
  onReset: () => void;
  onSave: () => void;
  resetDisabled: boolean;
  saveDisabled: boolean;
  saving: boolean;
  /** Why nothing was saved, above the buttons. */
  error?: string | undefined;
  /** Kept in view at the bottom of a long page (the bar shows only while there is something to save). */
  sticky?: boolean;
}

export function SaveResetBar(props: SaveResetBarProps) {
  const buttons = (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button onClick={props.onReset} disabled={props.resetDisabled}>
        {props.labels.reset}
      </Button>
      <Button variant="contained" onClick={props.onSave} disabled={props.saveDisabled} loading={props.saving}>
        {props.labels.save}
      </Button>
    </Stack>
  );
  const error = props.error ? (
    <Alert severity="error" sx={{ mb: 1.5 }}>
      {props.error}
    </Alert>
  ) : null;
  if (!props.sticky)
    return (
      <Box>
        {error}
        {buttons}
      </Box>
    );
  return (
    <Paper variant="outlined" sx={{ position: 'sticky', bottom: 0, p: 1.5, zIndex: 1 }}>
      {error}
      {buttons}
    </Paper>
  );
}
