/**
 * Nothing a user did is lost by a stray click: leaving the panel's editor (another panel, an amp, the menu) with
 * unsaved changes asks first; moving between the panel's own groups does not. Leaving discards the copy.
 */
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useCurrentPanel } from '../hooks/current-panel';
import { touchEditorActions as act } from '../store/touch-editor-slice';
import { panelPath } from '../model/paths';
import { useTouchText } from '../touch-i18n';

export function LeaveGuard() {
  const { t } = useTouchText();
  const { panel, dirty, dispatch } = useCurrentPanel();
  const own = panelPath(panel.id);
  const blocker = useBlocker(
    ({ nextLocation }) => dirty && nextLocation.pathname !== own && !nextLocation.pathname.startsWith(`${own}/`),
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      open
      title={t('page.leaveTitle')}
      text={t('page.leaveText')}
      cancelLabel={t('page.stay')}
      confirmLabel={t('page.leave')}
      busy={false}
      onClose={() => blocker.reset()}
      onConfirm={() => {
        dispatch(act.discarded({ id: panel.id }));
        blocker.proceed();
      }}
    />
  );
}
