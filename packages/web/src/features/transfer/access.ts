/**
 * spec 3 §2/§6: what the Import/Export dialog offers this user on this amp. The named permission
 * `ampSettingsImportExport` hides both halves when Locked and disables Import when Readonly; a guest on a protected
 * amp cannot write; the export is hidden once the amp holds a locked property group (a locked tuning must not leak).
 */
import { isUacHidden, isUacReadonly, type UacLevel } from '@rackside/protocol';

/** Why Import is disabled: the user cannot write the amp, or the permission is read-only. */
export type ImportBlock = 'cannotWrite' | 'readonly';

/** What the dialog shows. */
export interface TransferAccess {
  /** Locked by user access control: neither export nor import is offered. */
  readonly hidden: boolean;
  /** The export section, or the locked-tuning note in its place. */
  readonly exportShown: 'yes' | 'lockedTuning' | 'no';
  readonly importBlock: ImportBlock | null;
}

export function transferAccess(opts: {
  readonly canWrite: boolean;
  readonly uacLevel: UacLevel;
  readonly hasLockedGroup: boolean;
}): TransferAccess {
  const hidden = isUacHidden(opts.uacLevel);
  return {
    hidden,
    exportShown: hidden ? 'no' : opts.hasLockedGroup ? 'lockedTuning' : 'yes',
    importBlock: isUacReadonly(opts.uacLevel) ? 'readonly' : opts.canWrite ? null : 'cannotWrite',
  };
}
