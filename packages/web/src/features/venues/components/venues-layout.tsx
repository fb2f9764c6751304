import { Outlet } from 'react-router';
import { useVenuesOverview } from '../use-venues';

/** The venues area (/venues/*): keeps the venues polled every 10 s while any of its screens is open (spec 1 §4). */
export function VenuesLayout() {
  useVenuesOverview({ poll: true });
  return <Outlet />;
}
