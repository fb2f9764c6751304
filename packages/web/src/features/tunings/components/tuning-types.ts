/** Types the tunings dialogs share. */
import type { ModelInfo, TuningState } from '@rackside/protocol';
import type { TuningDevice } from '../use-tuning-device';

export type { TuningState };

/** The props of the export and import dialogs. */
export interface TuningDialogProps {
  readonly device: TuningDevice;
  readonly channel: number;
  readonly model: ModelInfo;
  readonly state: TuningState;
  readonly onClose: () => void;
}
