import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { shallowEqual, useSelector } from 'react-redux';
import { CenteredMessage } from '../../../shared/ui/centered-message';
import { selectIsDiscovering } from '../../../device';
import { selectListedCount, selectVisibleAmpIds } from '../store/visible-amps';
import { AmpList } from './amp-list';
import { AmpListToolbar } from './amp-list-toolbar';
import { TouchPanelList } from './touch-panel-list';

/** The amp list pane: search and sort, the loading indicator, the cards or an empty state (spec 2 §2). */
export function AmpListPane() {
  const { t } = useTranslation('amps');
  const ids = useSelector(selectVisibleAmpIds, shallowEqual);
  const listed = useSelector(selectListedCount);
  const discovering = useSelector(selectIsDiscovering);
  let body;
  if (ids.length > 0) body = <AmpList ids={ids} />;
  else if (listed > 0) body = <CenteredMessage title={t('list.noMatches')} />;
  else if (discovering) body = <CenteredMessage title={t('list.loading')} />;
  else
    body = (
      <CenteredMessage title={t('list.noAmps')}>
        <Typography color="textSecondary">{t('list.retypeIpHint')}</Typography>
      </CenteredMessage>
    );
  return (
    <Box
      component="section"
      aria-label={t('list.label')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <AmpListToolbar />
      {discovering ? <LinearProgress aria-label={t('list.loading')} /> : <Box sx={{ height: 4 }} />}
      {body}
      <TouchPanelList />
    </Box>
  );
}
