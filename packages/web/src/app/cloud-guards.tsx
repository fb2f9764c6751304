/** spec 1 §2 guards in cloud mode: the root redirect, signed-in only, verified email only. */
import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectSession } from '../shared/cloud/session-slice';
import { LoadingScreen } from '../shared/ui/loading-screen';

/** /: the venues when a user is signed in, else the sign-in page; wait while the stored session is checked. */
export function CloudRootRedirect() {
  const { status } = useSelector(selectSession);
  if (status === 'restoring') return <LoadingScreen />;
  return <Navigate to={status === 'signedIn' ? '/venues' : '/login'} replace />;
}

/** Signed-in users only; anyone else goes to /login, which brings them back here after signing in. */
export function RequireUser() {
  const { status } = useSelector(selectSession);
  const location = useLocation();
  if (status === 'restoring') return <LoadingScreen />;
  if (status === 'signedOut')
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}

/** spec 1 §2: a signed-in user whose email is not verified is sent to /verify-email. */
export function RequireVerified() {
  const { user } = useSelector(selectSession);
  if (user && !user.emailVerified) return <Navigate to="/verify-email" replace />;
  return <Outlet />;
}
