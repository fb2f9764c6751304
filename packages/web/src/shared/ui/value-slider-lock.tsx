/** UAC presentation of a control (spec 2 §6): Locked shows a padlock (or hides), Readonly disables. */
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useUiText } from './value-slider-i18n';

/** A padlock (no icons package: drawn here). */
export function PadlockIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M18 8h-1V6A5 5 0 0 0 7 6v2H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V10a2 2 0 0 0-2-2zM9 6a3 3 0 0 1 6 0v2H9V6zm3 11a2 2 0 1 1 0-4 2 2 0 0 1 0 4z" />
    </SvgIcon>
  );
}

/** spec 2 §6: the padlock with its tooltip 'This field is locked by UAC or speaker tunings'. */
export function LockedPadlock() {
  const t = useUiText();
  const text = t('ui.locked');
  return (
    <Tooltip title={text}>
      <PadlockIcon titleAccess={text} fontSize="small" color="disabled" />
    </Tooltip>
  );
}

/** A locked control: its label and the padlock in place of the control. */
export function LockedField({ label }: { label: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minHeight: 40 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <LockedPadlock />
    </Stack>
  );
}
