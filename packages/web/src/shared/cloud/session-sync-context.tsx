import { createContext, useContext, type ReactNode } from 'react';
import type { SessionSync } from './session-sync';

const Context = createContext<SessionSync | null>(null);

/** Gives screens the store's SessionSync (sign-in and sign-out go through it); none in local mode. */
export function SessionSyncProvider({ sync, children }: { sync: SessionSync | undefined; children: ReactNode }) {
  return <Context.Provider value={sync ?? null}>{children}</Context.Provider>;
}

export function useSessionSync(): SessionSync {
  const sync = useContext(Context);
  if (!sync) throw new Error('useSessionSync: no SessionSyncProvider');
  return sync;
}
