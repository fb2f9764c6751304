/** 802.1X form rules of spec 2 §3, §4 and §5. */
import { DEVICE_MESSAGES } from '../catalog/errors';
import { DOT1X_MODES, type Dot1xMode } from '../device/choices';

/** spec 2 §3: the three file slots of the dot1x form. */
export const DOT1X_FILE_SLOTS = ['CaCert', 'ClientCert', 'ClientKey'] as const;
export type Dot1xFileSlot = (typeof DOT1X_FILE_SLOTS)[number];
/** spec 2 §4: upload status of a file slot. */
export const DOT1X_FILE_STATUSES = ['none', 'Sending', 'Parsing', 'Success', 'Failure'] as const;
export type Dot1xFileStatus = (typeof DOT1X_FILE_STATUSES)[number];

/** spec 2 §4: a dot1x mode read from the device; anything unknown falls back to Disabled. */
export const normalizeDot1xMode = (mode: unknown): Dot1xMode => DOT1X_MODES.find((m) => m === mode) ?? 'Disabled';

/** spec 2 §4: the file slots a change to this mode clears (Disabled and PEAP all three; TTLS client cert and key). */
export function slotsClearedBy(mode: Dot1xMode): readonly Dot1xFileSlot[] {
  switch (mode) {
    case 'Disabled':
    case 'PEAP':
      return DOT1X_FILE_SLOTS;
    case 'TTLS':
      return ['ClientCert', 'ClientKey'];
    case 'TLS':
      return [];
  }
}

/** The file picked for each slot (a name is enough for the rules; the UI holds the File). */
export type Dot1xFiles<F> = Readonly<Partial<Record<Dot1xFileSlot, F>>>;

/** spec 2 §4: the slots left after a mode change. */
export function filesAfterModeChange<F>(files: Dot1xFiles<F>, mode: Dot1xMode): Dot1xFiles<F> {
  const cleared = slotsClearedBy(mode);
  return Object.fromEntries(Object.entries(files).filter(([slot]) => !cleared.includes(slot as Dot1xFileSlot)));
}

const EXTENSIONS: Readonly<Record<Dot1xFileSlot, readonly string[]>> = {
  CaCert: ['.cer', '.crt', '.pem'],
  ClientCert: ['.cer', '.crt', '.pem'],
  ClientKey: ['.key'],
};

/** spec 2 §5: certificates accept .cer, .crt and .pem; the key accepts .key (case-insensitive). */
export const isAcceptedDot1xFile = (slot: Dot1xFileSlot, fileName: string): boolean =>
  EXTENSIONS[slot].some((ext) => fileName.toLowerCase().endsWith(ext));

/** spec 2 §5: the name each slot is uploaded under (ca.pem, client.pem, client.key). */
export const DOT1X_UPLOAD_NAMES: Readonly<Record<Dot1xFileSlot, string>> = {
  CaCert: 'ca.pem',
  ClientCert: 'client.pem',
  ClientKey: 'client.key',
};

/** spec 2 §5: the slot an uploaded file name belongs to, or the 'Invalid file type' message. */
export function dot1xSlotForUpload(fileName: string): Dot1xFileSlot | { error: string } {
  const slot = DOT1X_FILE_SLOTS.find((s) => DOT1X_UPLOAD_NAMES[s] === fileName);
  return slot ?? { error: DEVICE_MESSAGES.dot1xInvalidFileType };
}

const PEM = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n[A-Za-z0-9+/=\r\n:,\- ]+?\r?\n?-----END \1-----/;

/** spec 2 §5: true when the text holds a PEM block (matching BEGIN/END labels around base64 data). */
export const isPemContent = (text: string): boolean => PEM.test(text);

/** The dot1x form fields the save rule reads. */
export interface Dot1xFormState {
  readonly mode: Dot1xMode;
  readonly identity: string;
  readonly password: string;
  /** Something differs from the device's values. */
  readonly changed: boolean;
  /** At least one file slot holds a file. */
  readonly fileSelected: boolean;
}

/** spec 2 §5: identity and password are required unless the mode is Disabled. */
export function dot1xFieldErrors(form: Pick<Dot1xFormState, 'mode' | 'identity' | 'password'>) {
  if (form.mode === 'Disabled') return {};
  return {
    ...(form.identity.trim() === '' ? { identity: DEVICE_MESSAGES.dot1xIdentityRequired } : {}),
    ...(form.password === '' ? { password: DEVICE_MESSAGES.dot1xPasswordRequired } : {}),
  };
}

/** spec 2 §4: Save is enabled when something changed or a file is selected, and the mode is Disabled or both fields are set. */
export const canSaveDot1x = (form: Dot1xFormState): boolean =>
  (form.changed || form.fileSelected) && Object.keys(dot1xFieldErrors(form)).length === 0;

/** spec 2 §4: after a successful save the password shows as asterisks of equal length. */
export const maskedPassword = (password: string): string => '*'.repeat(password.length);

/** spec 2 §4: the ethernet dot1x fields to send, leaving out the password when it is unchanged. */
export function dot1xSavePayload(
  form: Pick<Dot1xFormState, 'mode' | 'identity' | 'password'> & { anonymousIdentity: string; domain: string },
  savedPassword: string,
): Record<string, string> {
  return {
    dot1xMode: form.mode,
    dot1xIdentity: form.identity,
    dot1xAnonymousIdentity: form.anonymousIdentity,
    dot1xDomain: form.domain,
    ...(form.password !== savedPassword ? { dot1xPassword: form.password } : {}),
  };
}
