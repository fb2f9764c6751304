import { Outlet } from 'react-router';
import { MuiTheme } from '../shared/ui/mui-theme';

/** The outlet of the pathless MUI route (mui-route.ts): the screens below it get the MUI theme. */
export function MuiOutlet() {
  return (
    <MuiTheme>
      <Outlet />
    </MuiTheme>
  );
}
