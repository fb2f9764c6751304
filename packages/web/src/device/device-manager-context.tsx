import { createContext, useContext, type ReactNode } from 'react';
import type { DeviceManager } from './connection/connection-manager';

const DeviceManagerContext = createContext<DeviceManager | null>(null);

/** Makes the connection manager reachable from components (it lives outside React, created in app/main.tsx). */
export function DeviceManagerProvider({ manager, children }: { manager: DeviceManager; children: ReactNode }) {
  return <DeviceManagerContext.Provider value={manager}>{children}</DeviceManagerContext.Provider>;
}

/** The connection manager: openDetail, reconnect, set, verifyPassword. */
export function useDeviceManager(): DeviceManager {
  const manager = useContext(DeviceManagerContext);
  if (!manager) throw new Error('useDeviceManager needs a DeviceManagerProvider');
  return manager;
}
