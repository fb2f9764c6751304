/** The value a control shows after a write, until the device reports it (or a second passes without a report). */
import { useEffect, useState } from 'react';

/** How long a written value shows without the device confirming it. */
export const SETTLE_TIMEOUT_MS = 1000;

/**
 * Returns the value to show and a function to record a written one. The written value shows until the device's
 * value changes (the echo of the write, or another client's change) or SETTLE_TIMEOUT_MS pass, so a slider does not
 * jump back between the write and the amp's next notification.
 */
export function useSettledValue(deviceValue: number): [number, (written: number) => void] {
  const [written, setWritten] = useState<{ value: number; device: number } | undefined>(undefined);
  useEffect(() => {
    if (!written) return;
    const timer = setTimeout(() => setWritten(undefined), SETTLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [written]);
  const current = written && Object.is(written.device, deviceValue) ? written.value : deviceValue;
  return [current, (value: number) => setWritten({ value, device: deviceValue })];
}
