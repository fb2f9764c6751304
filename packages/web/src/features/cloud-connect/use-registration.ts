/** The registration state machine of the connect page, driven by the amp's `/cloud` (see registration.ts). */
import { useCallback, useEffect, useState } from 'react';
import {
  IDLE,
  REGISTRATION_TIMEOUT_MS,
  registrationStep,
  type CloudError,
  type CloudStatus,
  type RegistrationState,
} from './registration';

export interface AmpCloud {
  readonly status: CloudStatus | undefined;
  readonly registrationToken: string | undefined;
  /** Why the amp's cloud agent last failed or let its registration go (`/cloud lastError`, issue 16). */
  readonly lastError?: CloudError | undefined;
}

export function useRegistration(cloud: AmpCloud, send: (token: string, endpoint: string) => Promise<boolean>) {
  const [state, setState] = useState<RegistrationState>(IDLE);
  const { status, registrationToken } = cloud;

  // every report of the amp moves a running registration on
  useEffect(() => {
    setState((s) => registrationStep(s, { status, registrationToken }));
  }, [status, registrationToken]);

  const running = state.phase === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setTimeout(
      () => setState((s) => (s.phase === 'running' ? { phase: 'error' } : s)),
      REGISTRATION_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [running]);

  const start = useCallback(
    async (token: string, endpoint: string) => {
      setState({ phase: 'running', before: status, sawRegistering: false });
      const ok = await send(token, endpoint);
      if (!ok) setState({ phase: 'error' });
    },
    [send, status],
  );
  const reset = useCallback(() => setState(IDLE), []);
  return { phase: state.phase, start, reset };
}
