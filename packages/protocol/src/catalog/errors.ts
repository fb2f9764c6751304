/**
 * The error catalogues of spec 1 §8, spec 2 §8 and spec 3 §8: codes and messages spelled as the specs spell them.
 * Code lists are `as const` arrays with a union type; texts are `as const` objects keyed by a short name.
 */

// ---- spec 1 §8: cloud accounts, venues, contacts ----

/** spec 1 §8 Login errors. */
export const LOGIN_ERRORS = [
  'RequiredFieldsMissing',
  'InvalidPassword',
  'EmailNotFound',
  'UserNotConfirmed',
  'Unknown',
] as const;
export type LoginError = (typeof LOGIN_ERRORS)[number];

/** spec 1 §8 Register errors. */
export const REGISTER_ERRORS = [
  'RequiredFieldsMissing',
  'EmailExists',
  'PasswordsDoNotMatch',
  'InvalidRegistrationCredentials',
  'Unknown',
] as const;
export type RegisterError = (typeof REGISTER_ERRORS)[number];

/** spec 1 §8 Confirm registration errors. */
export const CONFIRM_REGISTRATION_ERRORS = [
  'RequiredFieldsMissing',
  'InvalidCode',
  'CodeExpired',
  'UserNotFound',
  'Unknown',
] as const;
export type ConfirmRegistrationError = (typeof CONFIRM_REGISTRATION_ERRORS)[number];

/** spec 1 §8 Reset password errors (the spec spells the first one in the singular). */
export const RESET_PASSWORD_ERRORS = [
  'RequiredFieldMissing',
  'PasswordsDoNotMatch',
  'UserNotFound',
  'EmailNotVerified',
  'InvalidCode',
  'InvalidPassword',
  'Unknown',
] as const;
export type ResetPasswordError = (typeof RESET_PASSWORD_ERRORS)[number];

/** spec 1 §8 Change password / email errors; the password-rule codes are those of spec 1 §5. */
export const CHANGE_PASSWORD_ERRORS = [
  'Unknown',
  'RequiredFieldsMissing',
  'PasswordsDoNotMatch',
  'MinimumLength',
  'RequiresLowerCase',
  'RequiresDigit',
  'RequiresSpecialCharacter',
  'RequiresUpperCase',
  'InvalidPassword',
  'InvalidParameterException',
  'AliasExistsException',
] as const;
export type ChangePasswordError = (typeof CHANGE_PASSWORD_ERRORS)[number];

/** spec 1 §8: message keys of the change password / email errors that name one. */
export const CHANGE_PASSWORD_ERROR_KEYS = {
  InvalidParameterException: 'cloudAuthChangeEmailErrorInvalid',
} as const;

/** spec 1 §8 Password validation (before an email change). */
export const PASSWORD_VALIDATION_ERRORS = ['InvalidPassword', 'Unknown'] as const;
export type PasswordValidationError = (typeof PASSWORD_VALIDATION_ERRORS)[number];

/** spec 1 §8 Email verification errors. */
export const EMAIL_VERIFICATION_ERRORS = ['Unknown', 'UnableToResendCode', 'UnableToVerify', 'InvalidCode'] as const;
export type EmailVerificationError = (typeof EMAIL_VERIFICATION_ERRORS)[number];

/** spec 1 §8 Contacts errors. */
export const CONTACT_ERRORS = [
  'FETCH_CONTACTS_ERROR',
  'FETCH_VENUE_CONTACT_IDS_ERROR',
  'EMAIL_FORMAT_ERROR',
  'ADD_CONTACT_ERROR',
  'EDIT_CONTACT_ERROR',
  'REMOVE_CONTACT_ERROR',
  'ADD_VENUE_CONTACT_ERROR',
  'REMOVE_VENUE_CONTACT_ERROR',
  'UNKNOWN',
] as const;
export type ContactError = (typeof CONTACT_ERRORS)[number];

/** spec 1 §5 / §8: contact texts and their message keys. */
export const CONTACT_MESSAGES = {
  saveFailed: 'an error occurred while saving the contact',
  saveFailedKey: 'contactsAnErrorOccurredWhileSaving',
  emailInUseKey: 'contactsEmailAddressInUse',
  phoneInUseKey: 'contactsPhoneNumberAlreadyInUse',
  emailNotInCorrectFormatKey: 'contactsEmailNotInCorrectFormat',
} as const;

/** spec 1 §8 Venue errors. */
export const VENUE_ERRORS = [
  'VENUE_NAME_EXISTS',
  'FETCH_DEVICES_ERROR',
  'AMP_REGISTRATION_TOKEN_ERROR',
  'DEVICE_REMOVAL_ERROR',
  'UNKNOWN',
] as const;
export type VenueError = (typeof VENUE_ERRORS)[number];

/** spec 1 §2 / §5: venue texts. */
export const VENUE_MESSAGES = {
  VENUE_NAME_EXISTS: 'Venue name already exists!',
  nameExistsHint: 'venue name already exists',
  cannotDeleteWithAmps: 'Cannot delete a venue that contains amps',
} as const;

/** spec 1 §8 Cloud firmware errors. */
export const CLOUD_FIRMWARE_ERRORS = ['UPDATE_VENUE_AMPS_ERROR', 'UPDATE_AMP_ERROR', 'UNKNOWN'] as const;
export type CloudFirmwareError = (typeof CLOUD_FIRMWARE_ERRORS)[number];

/** spec 1 §8 Other texts (also spec 1 §2 and §4). */
export const CLOUD_MESSAGES = {
  failedToMoveAmp: 'Failed to move amp',
  unknownError: 'Unknown error',
  removeAmpError: 'There was an error removing the amplifier',
  somethingWentWrong: 'Something went wrong!',
  someSelectionsFailedToSave: 'Some of your selections failed to save',
  noSearchMatches: 'No search matches',
  amplifierNotFound: 'Amplifier Not Found',
  connectionClosed: 'Amplifier connection has closed',
  couldNotConnect: 'Could not connect to amplifier',
} as const;

// ---- spec 2 §8: per-amp control and the device API ----

/** spec 2 §8 (and the validation texts of spec 2 §5). */
export const DEVICE_MESSAGES = {
  loginFailed: 'Login Failed',
  failedToConnectToMainAmp: 'Failed to connect to main amp',
  failedToDiscoverAmps: 'Failed to discover amps',
  failedToGetDeviceData: 'Failed to get device data',
  failedToSetDeviceData: 'Failed to set device data',
  dot1xUploadError: 'error uploading file',
  dot1xInvalidFileType: 'Invalid file type',
  dot1xIdentityRequired: 'please enter identity',
  dot1xPasswordRequired: 'please enter password',
  firTooManyCoefficients: 'too many coefficients specified',
  passwordDoesNotMatch: 'password does not match',
  invalidPassword: 'InvalidPassword',
  removeAmpError: 'There was an error removing the amplifier',
  failedToMoveAmp: 'Failed to move amp',
  unknownError: 'Unknown error',
  lockedField: 'This field is locked by UAC or speaker tunings',
} as const;

/** spec 2 §8 Cloud-hosted connection errors. */
export const CLOUD_CONNECTION_ERRORS = [
  'CONNECTION_ERROR',
  'DEVICE_CREDENTIAL_ERROR',
  'CONFIGURATION_FETCH_ERROR',
  'CONFIGURATION_WRITE_ERROR',
  'INFO_FETCH_ERROR',
  'JSON_API_SPEC_FETCH_ERROR',
  'UNKNOWN',
] as const;
export type CloudConnectionError = (typeof CLOUD_CONNECTION_ERRORS)[number];

// ---- spec 3 §8: import/export, tunings, local firmware, touch panels ----

/** spec 3 §4 / §5 / §8 settings import and export texts. */
export const IMPORT_EXPORT_MESSAGES = {
  exportFailed: 'Failed to generate export!',
  importSucceeded: 'Import Succeeded!',
  importSucceededWithErrors: 'Import Succeeded with errors:',
  importFailed: 'Failed to import!',
  ampSettingsFailed: 'Amp settings failed to import.',
  invalidSignature: 'Invalid signature',
  couldNotResetLocked: 'Could not reset existing locked properties.',
  invalidKey: 'Invalid key.',
  invalidFile: 'Failed to import: invalid or corrupted file',
} as const;

/** spec 3 §4: one line of an "Import Succeeded with errors:" report. */
export const unsupportedImportLine = (item: string): string => `${item} value is unsupported`;

/** spec 3 §5: a failed-import text followed by its reason ("Amp settings failed to import. Invalid signature"). */
export const importFailure = (prefix: string, reason?: string): string => (reason ? `${prefix} ${reason}` : prefix);

/** spec 3 §5 / §8 speaker tuning texts. */
export const TUNING_MESSAGES = {
  importFailed: 'Speaker tunings failed to import.',
  unlockChannelProperties: 'Please unlock all locked channel properties.',
  unlockProperties: 'Please unlock all locked properties.',
  failedToImport: 'Failed to import speaker tunings',
  resetError: 'There was an error resetting speaker tunings',
  unlockError: 'There was an error unlocking speaker tunings',
  incorrectPassword: 'The provided password is incorrect',
} as const;

/** spec 3 §4 / §8 local firmware texts. */
export const FIRMWARE_MESSAGES = {
  uploadFailed: 'Firmware upload failed',
  uploadFailedShort: 'Upload failed!',
} as const;

/** spec 3 §8 touch configuration texts (`failedToGenerateExportUrl` is the key of the export default). */
export const TOUCH_MESSAGES = {
  unableToUpdate: 'Unable to update your CS Touch.',
  couldNotUpdate: 'Could not update your CS Touch',
  failedToGenerateExportUrl: 'Failed to generate export URL',
  failedToGenerateExportUrlKey: 'failedToGenerateExportUrl',
  failedToImportSettings: 'failed to import settings',
  unknownError: 'unknown error',
} as const;
