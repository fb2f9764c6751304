import { Box, Divider } from '@mui/material';
import { AMP_LIST_PANE_WIDTH_PX } from '@rackside/protocol';
import { Outlet, useMatch } from 'react-router';
import { useIsWide } from '../../../shared/hooks/use-is-wide';
import { AmpListPane } from './amp-list-pane';

/** spec 2 §2: wide screens show the 400 px list beside the detail; narrow screens show one at a time. */
export function AmpsLayout() {
  const wide = useIsWide();
  const detail = useMatch('/amps/:ampId/*') !== null;
  if (!wide) return detail ? <Outlet /> : <AmpListPane />;
  return (
    <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
      <Box sx={{ width: AMP_LIST_PANE_WIDTH_PX, flexShrink: 0, minHeight: 0 }}>
        <AmpListPane />
      </Box>
      <Divider orientation="vertical" flexItem />
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'auto' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
