import { ListItemText, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { usePermission, type PermissionState } from '../../../shared/cloud/use-organisation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FirmwareIcon } from '../../../shared/ui/cloud-icons';
import { InfoIcon } from '../../../shared/ui/icons';
import { StatusFace, faceOf } from '../../../shared/ui/status-face';
import { AmpCardFrame, CardIconButton, ConnectionIcon, MuteAllCardButton } from '../../amp-list';
import { useCloudMuteAll } from '../use-cloud-mute-all';
import type { CloudAmp } from '../venue-overview';
import { MoveAmpDialog, useOpenMoveAmp } from './move-amp-dialog';
import { RemoveAmpDialog } from './remove-amp-dialog';

/** The amp's page in cloud mode (spec 1 §2: /venues/{id}/amps/{ampId}). */
export const cloudAmpPath = (amp: CloudAmp): string =>
  `/venues/${encodeURIComponent(amp.venueId)}/amps/${encodeURIComponent(amp.summary.ampId)}`;

/**
 * The amp menu in cloud mode: open, firmware update, and the cloud-only Move amp and Remove (spec 1 §2 "Amp menu
 * actions in cloud mode"), each in its dialog.
 */
function CloudAmpMenu(props: { amp: CloudAmp; anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation('venues');
  const [dialog, setDialog] = useState<'move' | 'remove' | null>(null);
  const online = props.amp.summary.isConnected;
  const openMove = useOpenMoveAmp();
  // issue 21: what the role may not do stays in the menu, disabled, with the reason (focusable with the keyboard)
  const control = usePermission('remote.control');
  const move = usePermission('device.move');
  const remove = usePermission('device.remove');
  const item = (label: string, permission: PermissionState) =>
    permission.allowed ? label : <ListItemText primary={label} secondary={permission.reason} />;
  const openDialog = (which: 'move' | 'remove') => {
    props.onClose();
    // beside the list when there is a host (the card may unmount once the amp has moved), else here
    if (which === 'move' && openMove) openMove(props.amp);
    else setDialog(which);
  };
  return (
    <>
      <Menu
        anchorEl={props.anchor}
        open={props.anchor !== null}
        onClose={props.onClose}
        slotProps={{ list: { disabledItemsFocusable: true } }}
      >
        <MenuItem
          component={RouterLink}
          to={cloudAmpPath(props.amp)}
          disabled={!online || !control.allowed}
          onClick={props.onClose}
        >
          {item(t('amp.open'), control)}
        </MenuItem>
        <MenuItem component={RouterLink} to="/update" onClick={props.onClose}>
          {t('amp.firmwareUpdate')}
        </MenuItem>
        <MenuItem disabled={!move.allowed} onClick={() => openDialog('move')}>
          {item(t('amp.move'), move)}
        </MenuItem>
        <MenuItem disabled={!remove.allowed} onClick={() => openDialog('remove')}>
          {item(t('amp.remove'), remove)}
        </MenuItem>
      </Menu>
      {dialog === 'move' ? <MoveAmpDialog amp={props.amp} open onClose={() => setDialog(null)} /> : null}
      <RemoveAmpDialog amp={props.amp} open={dialog === 'remove'} onClose={() => setDialog(null)} />
    </>
  );
}

/**
 * An amp of a venue (spec 1 §2 venue panel), in the local list's card frame: online or offline, the status face,
 * the connection, a firmware-update link. The amp's link is disabled while it is offline (spec 1 §6).
 */
export function CloudAmpCard({ amp, selected }: { amp: CloudAmp; selected: boolean }) {
  const { t } = useTranslation('venues');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { summary } = amp;
  const mute = useCloudMuteAll(amp);
  const online = summary.isConnected;
  const control = usePermission('remote.control');
  // an operator mutes through a mute-only relay session (remote.mute); a viewer may not
  const muting = usePermission('remote.mute');
  const face = faceOf(summary);
  const edge = !online ? 'error.main' : { fault: 'error.main', warning: 'warning.main', ok: 'success.main' }[face];
  const connection = ({ Wired: 'wired', AP: 'ap', WiFi: 'wifi', Disconnected: 'disconnected' } as const)[
    summary.connectionType
  ];
  return (
    <AmpCardFrame
      summary={summary}
      selected={selected}
      edge={edge}
      to={online && control.allowed ? cloudAmpPath(amp) : null}
    >
      <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color={online ? 'success.main' : 'error'} sx={{ fontWeight: 600, mr: 'auto' }}>
          {t(online ? 'amp.online' : 'amp.offline')}
        </Typography>
        {online ? (
          <>
            <CardIconButton label={t(`card.status.${face}`)} to={`${cloudAmpPath(amp)}/faults`}>
              <StatusFace kind={face} />
            </CardIconButton>
            <CardIconButton label={t(`amp.connection.${connection}`)}>
              <ConnectionIcon summary={summary} />
            </CardIconButton>
            <MuteAllCardButton
              {...mute}
              onToggle={() => void mute.toggle()}
              deniedReason={muting.allowed ? undefined : muting.reason}
            />
          </>
        ) : null}
        {summary.hasAvailableFirmwareUpdate ? (
          <CardIconButton label={t('amp.firmware')} to="/update">
            <FirmwareIcon color="info" />
          </CardIconButton>
        ) : null}
        <CardIconButton label={t('amp.menu')} onClick={setAnchor} hasPopup>
          <InfoIcon />
        </CardIconButton>
      </Stack>
      <CloudAmpMenu amp={amp} anchor={anchor} onClose={() => setAnchor(null)} />
    </AmpCardFrame>
  );
}
