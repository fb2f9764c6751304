import { useTranslation } from 'react-i18next';
import { ComingPage } from '../shared/ui/coming-page';

/** /cs-touch: the touch-panel editor arrives with a later issue (spec 3). */
export function CsTouchRoute() {
  const { t } = useTranslation('common');
  return <ComingPage title={t('coming.csTouch')} />;
}
