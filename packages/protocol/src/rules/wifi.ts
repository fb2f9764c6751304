/** Wi-Fi icon level of spec 2 §2. */
import { WIFI_SIGNAL_THRESHOLDS_DBM } from '../catalog/constants';

/**
 * spec 2 §2: the Wi-Fi icon level for a signal in dBm: below -80 → 1 (weakest), -80 to below -70 → 2,
 * -70 to below -60 → 3, -60 and above → 4; 0 when there is no reading (absent, 0 dBm or not a number).
 */
export function wifiIconLevel(dBm: number | null | undefined): 0 | 1 | 2 | 3 | 4 {
  if (dBm === null || dBm === undefined || !Number.isFinite(dBm) || dBm === 0) return 0;
  const above = WIFI_SIGNAL_THRESHOLDS_DBM.filter((t) => dBm >= t).length;
  return (above + 1) as 1 | 2 | 3 | 4;
}
