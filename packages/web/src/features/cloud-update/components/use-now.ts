import { FIRMWARE_COUNTDOWN_TICK_MS } from '@rackside/protocol';
import { useEffect, useState } from 'react';

/** The time now, renewed every 1000 ms while `running` (spec 1 §4 / §9: the firmware countdown tick). */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), FIRMWARE_COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
