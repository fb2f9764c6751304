import { wifiIconLevel, type AmpSummary } from '@rackside/protocol';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectUacHidesPages, type WithDevices } from '../../../device';
import { UAC_HIDDEN_PAGES, ampPath, type AmpPage } from '../../../shared/amp-pages';
import { Badge } from '../../../shared/ui/plain/badge';
import {
  accessPointGlyph,
  disconnectedGlyph,
  infoGlyph,
  leafGlyph,
  powerGlyph,
  volumeOffGlyph,
  volumeOnGlyph,
  wifiGlyph,
  wiredGlyph,
} from '../../../shared/ui/plain/glyphs';
import { Icon } from '../../../shared/ui/plain/icon';
import { StatusFace, faceOf } from '../../../shared/ui/status-face';
import { WithMui } from '../../../shared/ui/with-mui';
import { useMuteAll } from '../use-mute-all';
import styles from './amp-list.module.css';
import { CardIconButton } from './card-icon-button';

// MUI's Dialog: loaded when a mute is first asked about (the cards are on the first route, docs/adr/0004)
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../../shared/ui/confirm-dialog')).ConfirmDialog,
}));

/** The amp's connection: wired, access point, Wi-Fi with its signal level, or disconnected (spec 2 §2). */
export function ConnectionIcon({ summary }: { summary: AmpSummary }) {
  const level = wifiIconLevel(summary.wifiSignalStrength);
  switch (summary.connectionType) {
    case 'Wired':
      return <Icon glyph={wiredGlyph()} data={{ 'data-connection': 'wired' }} />;
    case 'AP':
      return <Icon glyph={accessPointGlyph()} data={{ 'data-connection': 'ap' }} />;
    case 'WiFi':
      return <Icon glyph={wifiGlyph(level === 0 ? 1 : level)} data={{ 'data-connection': `wifi-${level}` }} />;
    case 'Disconnected':
      return <Icon glyph={disconnectedGlyph()} tone="error" data={{ 'data-connection': 'disconnected' }} />;
  }
}

const POWER_LABEL = {
  'false-false': 'card.power',
  'true-false': 'card.powerPoe',
  'false-true': 'card.powerStandby',
  'true-true': 'card.powerPoeStandby',
} as const;

/** What a mute-all button shows and does: n/total muted, mutes all (or unmutes when all are muted). */
export interface MuteAllCardProps {
  readonly muted: number;
  readonly total: number;
  readonly enabled: boolean;
  readonly onToggle: () => void;
  /** The amp's name: muting then asks first, naming it (issue 18: a stray tap silences a live amp). Unmuting never asks. */
  readonly confirmName?: string | undefined;
  /** Why the button is disabled when the user's role may not mute (cloud mode, issue 21): said in its label. */
  readonly deniedReason?: string | undefined;
}

/**
 * spec 2 §2 mute-all on a card, with its n/total badge (local cards, and venue cards in cloud mode): warning-coloured
 * while any channel is muted, quiet (but readable) otherwise. The confirmation (MUI) mounts when first asked for.
 */
export function MuteAllCardButton({ muted, total, enabled, onToggle, confirmName, deniedReason }: MuteAllCardProps) {
  const { t } = useTranslation('amps');
  const [asking, setAsking] = useState(false);
  const [asked, setAsked] = useState(false);
  const counts = { muted, total };
  const allMuted = total > 0 && muted === total;
  const handleClick = () => {
    if (allMuted || confirmName === undefined) return onToggle();
    setAsked(true);
    setAsking(true);
  };
  const handleConfirm = () => {
    setAsking(false);
    onToggle();
  };
  return (
    <>
      <CardIconButton
        label={[t(allMuted ? 'card.unmuteAll' : 'card.muteAll', counts), deniedReason].filter(Boolean).join(' — ')}
        onClick={handleClick}
        disabled={!enabled || Boolean(deniedReason)}
        pressed={allMuted}
      >
        <Badge tone={muted > 0 ? 'warning' : 'quiet'} content={t('card.mutedCount', counts)} small>
          <Icon glyph={allMuted ? volumeOffGlyph() : volumeOnGlyph()} />
        </Badge>
      </CardIconButton>
      {confirmName !== undefined && asked ? (
        <WithMui>
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
        </WithMui>
      ) : null}
    </>
  );
}

/** The icon buttons of a connected amp's card (spec 2 §2). */
export function AmpCardActions({ summary, onMenu }: { summary: AmpSummary; onMenu: (anchor: HTMLElement) => void }) {
  const { t } = useTranslation('amps');
  const mute = useMuteAll(summary);
  const face = faceOf(summary);
  const poe = summary.powerSource === 'POE';
  const standby = summary.isAutoStandby;
  // spec 2 §2 / issue 18: the pages hide only when the UAC lock leaves the user nothing to see
  const hidesPages = useSelector((s: WithDevices) => selectUacHidesPages(s, summary.ampId));
  const link = (page: AmpPage) => (hidesPages && UAC_HIDDEN_PAGES.has(page) ? undefined : ampPath(summary.ampId, page));
  const wifiLevel = wifiIconLevel(summary.wifiSignalStrength);
  const connectionKey = ({ Wired: 'wired', AP: 'ap', WiFi: 'wifi', Disconnected: 'disconnected' } as const)[
    summary.connectionType
  ];
  return (
    <div className={styles.actions}>
      <CardIconButton label={t(POWER_LABEL[`${poe}-${standby}`])} to={link('power')} disabled={!link('power')}>
        <Badge tone="secondary" dot={standby} data={{ 'data-standby': String(standby) }}>
          <Badge tone="primary" content={poe ? t('card.poe') : null} data={{ 'data-poe': String(poe) }}>
            <Icon glyph={powerGlyph()} tone={standby ? 'disabled' : 'action'} />
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
        <Icon glyph={leafGlyph()} tone="success" />
      </CardIconButton>
      <CardIconButton label={t('card.menu')} onClick={onMenu} hasPopup>
        <Icon glyph={infoGlyph()} />
      </CardIconButton>
    </div>
  );
}
