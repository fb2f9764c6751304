/**
 * The password change of one amp (spec 2 §4): sends it, and on success clears the local login and goes to /login.
 * The amp reports its new `misc.passwordProtected` in its next notification; leaving the page unsubscribes the amp,
 * so the move to /login waits for that report (at most PASSWORD_REPORT_WAIT_MS), or the login page would still
 * think the amp unprotected (or protected) for up to a summary refresh.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { localLoggedOut, useAmpState, useDeviceManager } from '../../device';
import { noticeShown } from '../../shared/notices';
import { sendPasswordChange, type PasswordOutcome } from './change-password';
import type { PasswordMode, PasswordValues } from './password-form';

/** How long the page waits for the amp's report after a successful change (a notification period is 100 ms). */
export const PASSWORD_REPORT_WAIT_MS = 2000;

export interface PasswordChange {
  readonly submit: (values: PasswordValues) => Promise<PasswordOutcome>;
  /** The change was made; the page is about to go to /login. */
  readonly done: boolean;
}

export function usePasswordChange(ampId: string, mode: PasswordMode): PasswordChange {
  const manager = useDeviceManager();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const passwordProtected = useAmpState(ampId, (s) => s?.misc?.passwordProtected === true);
  /** What the amp should report once the change took effect; null while none was made. */
  const [expected, setExpected] = useState<boolean | null>(null);
  const finished = useRef(false);

  useEffect(() => {
    if (expected === null) return undefined;
    const finish = () => {
      if (finished.current) return;
      finished.current = true;
      dispatch(localLoggedOut());
      dispatch(noticeShown({ severity: 'info', key: 'signedOut' }));
      void navigate('/login');
    };
    if (passwordProtected === expected) {
      finish();
      return undefined;
    }
    const timer = setTimeout(finish, PASSWORD_REPORT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [dispatch, expected, navigate, passwordProtected]);

  const submit = useCallback(
    async (values: PasswordValues) => {
      const outcome = await sendPasswordChange((url, params) => manager.set(ampId, url, params), mode, values);
      if (outcome === 'ok') setExpected(mode !== 'remove');
      if (outcome === 'failed') dispatch(noticeShown({ severity: 'error', key: 'failedToSetDeviceData' }));
      return outcome;
    },
    [ampId, dispatch, manager, mode],
  );
  return { submit, done: expected !== null };
}
