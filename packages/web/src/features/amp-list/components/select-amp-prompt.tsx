import { useTranslation } from 'react-i18next';
import { CenteredMessage, MessageText } from '../../../shared/ui/centered-message';

/** spec 2 §2: on wide screens with no amp selected, a prompt to select one (narrow screens show the list instead). */
export function SelectAmpPrompt() {
  const { t } = useTranslation('amps');
  return (
    <CenteredMessage title={t('list.selectAmp')}>
      <MessageText>{t('list.selectAmpHint')}</MessageText>
    </CenteredMessage>
  );
}
