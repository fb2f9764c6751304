/** spec 2 §2/§3 Locator and device info: the editable fields (subject to UAC), then hardware and firmware, read-only. */
import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { treeInfo } from '../../../device/fields/field-info';
import { useAmpModel } from '../../../device';
import { SETTINGS_NS } from '../settings-i18n';
import { useFieldAccess } from '../../../device/fields/use-field-access';
import { EDITABLE_INFO, EditableInfoField, READ_ONLY_INFO, ReadOnlyInfoField } from './info-fields';
import { FieldGrid, SettingsSection } from './settings-section';

export function DeviceInfoSection({ ampId }: { ampId: string }) {
  const { t } = useTranslation(SETTINGS_NS);
  const model = useAmpModel(ampId);
  const info = useMemo(() => (model ? treeInfo(model) : undefined), [model]);
  const access = useFieldAccess(ampId);
  if (!info) return null;
  return (
    <SettingsSection title={t('info.title')}>
      <Typography variant="body2" color="textSecondary">
        {t('info.editHint')}
      </Typography>
      <FieldGrid>
        {EDITABLE_INFO.map((name) => (
          <EditableInfoField key={name} ampId={ampId} name={name} info={info} access={access} />
        ))}
      </FieldGrid>
      <Typography variant="subtitle2" component="h4">
        {t('info.versions')}
      </Typography>
      <FieldGrid>
        {READ_ONLY_INFO.map((name) => (
          <ReadOnlyInfoField key={name} ampId={ampId} name={name} info={info} access={access} />
        ))}
      </FieldGrid>
    </SettingsSection>
  );
}
