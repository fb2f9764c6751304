/** spec 2 §3/§4 the 802.1X files: the slots the mode uses, each with its file, status and the amp's flags. */
import Typography from '@mui/material/Typography';
import { DOT1X_FILE_SLOTS, slotsClearedBy, type DeviceDelta, type Dot1xMode } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../shared/ui/form-section';
import { slotsOnAmp } from '../dot1x-form';
import { DOT1X_NS } from '../dot1x-i18n';
import type { Dot1xFilesState } from '../use-dot1x-files';
import { FileSlot } from './file-slot';

export interface Dot1xFilesProps {
  mode: Dot1xMode;
  files: Pick<Dot1xFilesState, 'slots' | 'choose'>;
  /** The amp's ethernet settings (what it reports of each slot's file). */
  onAmp: NonNullable<DeviceDelta['network']>['ethernet'];
  disabled: boolean;
}

export function Dot1xFiles({ mode, files, onAmp, disabled }: Dot1xFilesProps) {
  const { t } = useTranslation(DOT1X_NS);
  const available = DOT1X_FILE_SLOTS.filter((s) => !slotsClearedBy(mode).includes(s));
  const flags = slotsOnAmp(onAmp);
  return (
    <FormSection title={t('files.title')}>
      <Typography variant="body2" color="textSecondary">
        {available.length > 0 ? t('files.hint') : t('files.noneInMode')}
      </Typography>
      {available.map((slot) => (
        <FileSlot
          key={slot}
          slot={slot}
          state={files.slots[slot]}
          onAmp={flags[slot]}
          disabled={disabled}
          onChoose={(file) => void files.choose(slot, file)}
        />
      ))}
    </FormSection>
  );
}
