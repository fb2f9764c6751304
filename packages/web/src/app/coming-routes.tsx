import { useTranslation } from 'react-i18next';
import { ComingPage } from '../shared/ui/coming-page';

/** /update: local firmware update arrives with a later issue (spec 3). */
export function FirmwareUpdateRoute() {
  const { t } = useTranslation('common');
  return <ComingPage title={t('coming.firmwareUpdate')} />;
}

/** /cs-touch: the touch-panel editor arrives with a later issue (spec 3). */
export function CsTouchRoute() {
  const { t } = useTranslation('common');
  return <ComingPage title={t('coming.csTouch')} />;
}
