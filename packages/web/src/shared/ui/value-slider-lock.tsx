/**
 * UAC presentation of a control (spec 2 §6): Locked shows a padlock (or hides), Readonly disables and shows a padlock
 * with the reason (issue 18): the user is a guest or the UAC role reads only (none while the amp is not connected:
 * its connection notice says so once).
 */
import { createContext, useContext, type ReactNode } from 'react';
import Box from '@mui/material/Box';
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

/** Why the fields of the amp on screen are read-only before their own UAC level: given by the amp's page. */
export type ReadonlyReasonKey = 'guest' | 'offline' | 'uac';
const ReadonlyReasonContext = createContext<ReadonlyReasonKey | undefined>(undefined);
/** Set by the amp's page around its fields: 'guest' or 'offline' when the user cannot write at all. */
export const ReadonlyReasonProvider = ReadonlyReasonContext.Provider;

/**
 * The padlock beside a read-only control, named by its reason (a tooltip for the pointer, the accessible name for a
 * screen reader, focusable so a keyboard user reaches the tooltip too). A field read-only while the user may write
 * is read-only by its UAC role.
 */
export function ReadonlyPadlock() {
  const t = useUiText();
  const reason = useContext(ReadonlyReasonContext) ?? 'uac';
  // a disconnected amp: its notice and dialog already say so, a padlock on every control would only add noise
  if (reason === 'offline') return null;
  const text = t(`ui.readonly.${reason}`);
  return (
    <Tooltip title={text}>
      <Box component="span" tabIndex={0} sx={{ display: 'inline-flex', borderRadius: 1, lineHeight: 0 }}>
        <PadlockIcon titleAccess={text} fontSize="small" color="disabled" sx={{ fontSize: 16 }} />
      </Box>
    </Tooltip>
  );
}

/**
 * A control beside its read-only padlock (nothing added when the control is writable); `block` for a field that
 * takes its line (a text field, a select): it keeps its width and the padlock follows it.
 */
export function WithReadonlyPadlock(props: { readonly: boolean; block?: boolean; children: ReactNode }) {
  const { readonly, block = false, children } = props;
  if (!readonly) return children;
  const layout = block
    ? { display: 'flex', '& > :first-of-type': { flex: '1 1 auto', minWidth: 0 } }
    : { display: 'inline-flex' };
  return (
    <Box sx={{ ...layout, alignItems: 'center', gap: 0.5 }}>
      {children}
      <ReadonlyPadlock />
    </Box>
  );
}
