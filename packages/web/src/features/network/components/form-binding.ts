/** What the network sections read and write through: the form's current values and its edit functions. */
import type { NetworkField, NetworkValues } from '../network-form';

export interface FormBinding {
  readonly values: NetworkValues;
  /** Cloud mode, a guest, or a save running: nothing can be edited. */
  readonly disabled: boolean;
  readonly set: <K extends NetworkField>(field: K, value: NetworkValues[K]) => void;
  /** The field lost focus: its error (if any) shows from now on. */
  readonly blur: (field: NetworkField) => void;
  /** The translated error to show under the field, if any. */
  readonly errorOf: (field: NetworkField) => string | undefined;
}
