/** One `/amp/deviceInfo` field of the settings page, reading only its own value from the device slice. */
import TextField from '@mui/material/TextField';
import { isUacHidden } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { LockedField } from '../../../shared/ui/value-slider-lock';
import type { InfoLookup } from '../../../device/fields/field-info';
import { useAmpState, useDeviceWrite } from '../../../device';
import { SETTINGS_NS } from '../settings-i18n';
import type { FieldAccess } from '../../../device/fields/use-field-access';
import { CommitTextField } from './commit-text-field';

/** The editable fields, in the order shown (spec 2 §3 deviceInfo; UAC per field, spec 2 §6). */
export const EDITABLE_INFO = [
  'deviceName',
  'venueName',
  'assetTagNumber',
  'installerName',
  'installerContactInfo',
  'dateOfInstallation',
  'rackName',
  'rackPosition',
] as const;

/** The read-only fields; the board firmware versions show only where the model has the board. */
export const READ_ONLY_INFO = [
  'modelID',
  'serialNumber',
  'dateOfMfg',
  'hardwareID',
  'hardwareRevision',
  'firmwareVersion',
  'powerSupplyfirmwareVersion',
  'amp12firmwareVersion',
  'amp34firmwareVersion',
  'amp56firmwareVersion',
  'amp78firmwareVersion',
] as const;

/** Fields that may not be empty: the amp is known by its name (issue 18); the others may stay blank. */
const REQUIRED_INFO: ReadonlySet<string> = new Set<(typeof EDITABLE_INFO)[number]>(['deviceName']);

type InfoName = (typeof EDITABLE_INFO)[number] | (typeof READ_ONLY_INFO)[number];
const urlOf = (name: InfoName) => `/amp/deviceInfo/${name}`;

function useInfoValue(ampId: string, name: InfoName): string {
  const raw = useAmpState(ampId, (s) => s?.amp?.deviceInfo?.[name]);
  return typeof raw === 'string' ? raw : '';
}

interface InfoFieldProps {
  ampId: string;
  info: InfoLookup;
  access: FieldAccess;
}

export function EditableInfoField({
  ampId,
  name,
  info,
  access,
}: InfoFieldProps & { name: (typeof EDITABLE_INFO)[number] }) {
  const { t } = useTranslation(SETTINGS_NS);
  const value = useInfoValue(ampId, name);
  const { set } = useDeviceWrite(ampId);
  const schema = info(urlOf(name));
  if (schema?.type !== 'string') return null;
  return (
    <CommitTextField
      label={t(`info.fields.${name}`)}
      value={value}
      level={access(urlOf(name))}
      maxLength={schema.maxLength}
      required={REQUIRED_INFO.has(name)}
      type={name === 'dateOfInstallation' ? 'date' : 'text'}
      onCommit={(v) => void set('/amp/deviceInfo', { [name]: v })}
    />
  );
}

export function ReadOnlyInfoField({
  ampId,
  name,
  info,
  access,
}: InfoFieldProps & { name: (typeof READ_ONLY_INFO)[number] }) {
  const { t } = useTranslation(SETTINGS_NS);
  const value = useInfoValue(ampId, name);
  if (info(urlOf(name)) === undefined) return null;
  const label = t(`info.fields.${name}`);
  // spec 2 §6 lists the model among the fields UAC may lock
  if (name === 'modelID' && isUacHidden(access(urlOf(name)))) return <LockedField label={label} />;
  return <TextField size="small" label={label} value={value} slotProps={{ htmlInput: { readOnly: true } }} />;
}
