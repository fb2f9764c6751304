import { Badge, Stack } from '@mui/material';
import { wifiIconLevel, type AmpSummary } from '@rackside/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectUacHidesPages, type WithDevices } from '../../../device';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { UAC_HIDDEN_PAGES, ampPath, type AmpPage } from '../../../shared/amp-pages';
import {
  AccessPointIcon,
  DisconnectedIcon,
  InfoIcon,
  LeafIcon,
  PowerIcon,
  VolumeOffIcon,
  VolumeOnIcon,
  WifiIcon,
  WiredIcon,
} from '../../../shared/ui/icons';
import { StatusFace, faceOf } from '../../../shared/ui/status-face';
import { useMuteAll } from '../use-mute-all';
import { CardIconButton } from './card-icon-button';

/** The amp's connection: wired, access point, Wi-Fi with its signal level, or disconnected (spec 2 §2). */
export function ConnectionIcon({ summary }: { summary: AmpSummary }) {
  const level = wifiIconLevel(summary.wifiSignalStrength);
  switch (summary.connectionType) {
    case 'Wired':
      return <WiredIcon data-connection="wired" />;
    case 'AP':
      return <AccessPointIcon data-connection="ap" />;
    case 'WiFi':
      return <WifiIcon level={level === 0 ? 1 : level} data-connection={`wifi-${level}`} />;
    case 'Disconnected':
      return <DisconnectedIcon color="error" data-connection="disconnected" />;
  }
}

const POWER_LABEL = {
  'false-false': 'card.power',
  'true-false': 'card.powerPoe',
  'false-true': 'card.powerStandby',
  'true-true': 'card.powerPoeStandby',
} as const;

/** The n/total badge: warning-coloured while any channel is muted, quiet (but readable) otherwise. */
const muteBadgeSx = (anyMuted: boolean) => ({
  '& .MuiBadge-badge': {
    fontSize: 10,
    height: 16,
    px: 0.5,
    ...(anyMuted ? {} : { bgcolor: 'action.selected', color: 'text.primary' }),
  },
});

/** What a mute-all button shows and does: n/total muted, mutes all (or unmutes when all are muted). */
export interface MuteAllCardProps {
  readonly muted: number;
  readonly total: number;
  readonly enabled: boolean;
  readonly onToggle: () => void;
  /** The amp's name: muting then asks first, naming it (issue 18: a stray tap silences a live amp). Unmuting never asks. */
  readonly confirmName?: string | undefined;
}

/** spec 2 §2 mute-all on a card, with its n/total badge (local cards, and venue cards in cloud mode). */
export function MuteAllCardButton({ muted, total, enabled, onToggle, confirmName }: MuteAllCardProps) {
  const { t } = useTranslation('amps');
  const [asking, setAsking] = useState(false);
  const counts = { muted, total };
  const allMuted = total > 0 && muted === total;
  const handleClick = () => (allMuted || confirmName === undefined ? onToggle() : setAsking(true));
  const handleConfirm = () => {
    setAsking(false);
    onToggle();
  };
  return (
    <>
      <CardIconButton
        label={t(allMuted ? 'card.unmuteAll' : 'card.muteAll', counts)}
        onClick={handleClick}
        disabled={!enabled}
        pressed={allMuted}
      >
        <Badge badgeContent={t('card.mutedCount', counts)} color="warning" sx={muteBadgeSx(muted > 0)}>
          {allMuted ? <VolumeOffIcon /> : <VolumeOnIcon />}
        </Badge>
      </CardIconButton>
      {confirmName !== undefined && (
        <ConfirmDialog
          open={asking}
          title={t('card.muteAllConfirm.title', { name: confirmName })}
          text={t('card.muteAllConfirm.text', { name: confirmName, total })}
          cancelLabel={t('card.muteAllConfirm.cancel')}
          confirmLabel={t('card.muteAllConfirm.confirm')}
          busy={false}
          onConfirm={handleConfirm}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** The icon buttons of a connected amp's card (spec 2 §2). */
export function AmpCardActions({ summary, onMenu }: { summary: AmpSummary; onMenu: (anchor: HTMLElement) => void }) {
  const { t } = useTranslation('amps');
  const mute = useMuteAll(summary);
  const face = faceOf(summary);
  const poe = summary.powerSource === 'POE';
  // spec 2 §2 / issue 18: the pages hide only when the UAC lock leaves the user nothing to see
  const hidesPages = useSelector((s: WithDevices) => selectUacHidesPages(s, summary.ampId));
  const link = (page: AmpPage) => (hidesPages && UAC_HIDDEN_PAGES.has(page) ? undefined : ampPath(summary.ampId, page));
  const wifiLevel = wifiIconLevel(summary.wifiSignalStrength);
  const connectionKey = ({ Wired: 'wired', AP: 'ap', WiFi: 'wifi', Disconnected: 'disconnected' } as const)[
    summary.connectionType
  ];
  return (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
      <CardIconButton
        label={t(POWER_LABEL[`${poe}-${summary.isAutoStandby}`])}
        to={link('power')}
        disabled={!link('power')}
      >
        <Badge
          color="secondary"
          variant={summary.isAutoStandby ? 'dot' : 'standard'}
          invisible={!summary.isAutoStandby}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          data-standby={summary.isAutoStandby}
        >
          <Badge color="primary" badgeContent={poe ? t('card.poe') : undefined} invisible={!poe} data-poe={poe}>
            <PowerIcon color={summary.isAutoStandby ? 'disabled' : 'action'} />
          </Badge>
        </Badge>
      </CardIconButton>
      <CardIconButton label={t(`card.status.${face}`)} to={ampPath(summary.ampId, 'faults')}>
        <StatusFace kind={face} />
      </CardIconButton>
      <CardIconButton
        label={t(`card.connection.${connectionKey}`, { level: wifiLevel })}
        to={link('network')}
        disabled={!link('network')}
      >
        <ConnectionIcon summary={summary} />
      </CardIconButton>
      <MuteAllCardButton
        muted={mute.muted}
        total={mute.total}
        enabled={mute.enabled}
        onToggle={() => void mute.toggle()}
        confirmName={summary.deviceName || t('card.unnamed')}
      />
      <CardIconButton label={t('card.green')} to={link('green')} disabled={!link('green')}>
        <LeafIcon color="success" />
      </CardIconButton>
      <CardIconButton label={t('card.menu')} onClick={onMenu} hasPopup>
        <InfoIcon />
      </CardIconButton>
    </Stack>
  );
}
