/** Hi-Z/Lo-Z output type rule of spec 2 §2 and §4. */
import type { HiZLoZ } from '../device/choices';

/** spec 2 §4: the high-pass filter is enabled (and its slider shown) only for HiZ-70V and HiZ-100V. */
export const hiZHpfEnableFor = (mode: string): boolean => mode === 'HiZ-70V' || mode === 'HiZ-100V';

/** spec 2 §4: the `/amp/channels/{n}/output` patch for a Hi-Z/Lo-Z change. */
export const hiZLoZPatch = (mode: HiZLoZ): { hiZLoZ: HiZLoZ; hiZHpfEnable: boolean } => ({
  hiZLoZ: mode,
  hiZHpfEnable: hiZHpfEnableFor(mode),
});
