import { useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { selectAmpEntry, selectHostAmpId, selectLocalLoggedIn, type WithDevices, type WithLocalLogin } from '../device';
import { LoadingScreen } from '../shared/ui/loading-screen';

type Where = '/amps' | '/login' | 'wait';

/**
 * spec 1 §2 root in local mode: /amps when the user counts as signed in (the host amp has no password, or a local
 * login exists), else /login. Until the host amp has said whether it is protected, wait; an amp that cannot be
 * reached leads to the amp list, which explains.
 */
export function rootTarget(s: WithDevices & WithLocalLogin): Where {
  if (selectLocalLoggedIn(s)) return '/amps';
  const host = selectHostAmpId(s);
  const entry = host === null ? undefined : selectAmpEntry(s, host);
  if (s.devices.hostStatus === 'resolving' || !entry) return 'wait';
  const isProtected = entry.state.misc?.passwordProtected;
  if (isProtected === true) return '/login';
  if (isProtected === false || (entry.connection === 'FAILED' && !entry.everConnected)) return '/amps';
  return 'wait';
}

export function RootRedirect() {
  const target = useSelector(rootTarget);
  return target === 'wait' ? <LoadingScreen /> : <Navigate to={target} replace />;
}
