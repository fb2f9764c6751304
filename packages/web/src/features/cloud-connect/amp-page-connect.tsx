/**
 * The /amps/{ampId}/connect screen (spec 2 §2: local mode, connected amps only): registers the amp with a cloud
 * account through its `/cloud` (spec 2 §7).
 */
import { useCallback, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useHostingMode } from '../../shared/hosting';
import type { AmpPageProps } from '../../shared/amp-pages';
import { useAmpConnection, useAmpState, useAmpSummary, useDeviceWrite } from '../../device';
import { ConnectPage } from './components/connect-page';
import { CONNECT_NS } from './connect-i18n';
import { currentDevCloud, regionsFor } from './regions';

export function ConnectScreen({ ampId }: AmpPageProps) {
  const { t } = useTranslation(CONNECT_NS);
  const status = useAmpState(ampId, (s) => s?.cloud?.status);
  const registrationToken = useAmpState(ampId, (s) => s?.cloud?.registrationToken);
  const lastError = useAmpState(ampId, (s) => s?.cloud?.lastError);
  const connected = useAmpConnection(ampId) === 'CONNECTED';
  const summary = useAmpSummary(ampId);
  const { canWrite, set } = useDeviceWrite(ampId);
  const cloudMode = useHostingMode().mode === 'cloud';
  const send = useCallback(
    (registrationToken: string, registrationEndpoint: string) =>
      set('/cloud', { registrationToken, registrationEndpoint }),
    [set],
  );
  const regions = useMemo(() => {
    const dev = currentDevCloud();
    return regionsFor(dev.developmentMode, dev.endpoint);
  }, []);
  const notice = cloudMode
    ? t('cloudMode')
    : !connected
      ? t('notConnected')
      : summary?.isPasswordProtected && !canWrite
        ? t('guest')
        : undefined;
  return (
    <Box>
      {notice ? (
        <Alert severity="info" sx={{ m: 2, mb: 0 }}>
          {notice}
        </Alert>
      ) : null}
      {cloudMode || !connected ? null : (
        <ConnectPage
          cloud={{ status, registrationToken, lastError }}
          regions={regions}
          canWrite={canWrite}
          send={send}
        />
      )}
    </Box>
  );
}
