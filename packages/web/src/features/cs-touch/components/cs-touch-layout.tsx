/**
 * spec 3 §2 /cs-touch: the editor's store for every panel (so a panel's unsaved copy survives moving between its
 * groups), and /cs-touch/{id}: the amp list at the left (hidden under 768 px), the panel's editor beside it.
 */
import { useSelector } from 'react-redux';
import { Outlet, useParams } from 'react-router';
import { selectIsDiscovering, selectTouchPanels } from '../../../device';
import { CenteredMessage, MessageText } from '../../../shared/ui/centered-message';
import { AmpListSplit } from '../../amp-list';
import { TouchEditorProvider } from '../store/touch-editor-context';
import { useTouchText } from '../touch-i18n';
import { Spinner } from './spinner';
import { TouchPanelEditor } from './touch-panel-editor';

export function CsTouchLayout() {
  return (
    <TouchEditorProvider>
      <Outlet />
    </TouchEditorProvider>
  );
}

/** /cs-touch/{id}: the panel with that address among those the amps proxy. */
export function TouchPanelRoute() {
  const { t } = useTouchText();
  const id = useParams().touchId ?? '';
  const panel = useSelector(selectTouchPanels).find((p) => p.id === id);
  const discovering = useSelector(selectIsDiscovering);
  let body;
  if (panel) body = <TouchPanelEditor key={panel.id} panel={panel} />;
  else if (discovering) body = <Spinner label={t('page.loading')} />;
  else
    body = (
      <CenteredMessage title={t('page.notFound', { id })}>
        <MessageText>{t('page.notFoundHint')}</MessageText>
      </CenteredMessage>
    );
  return <AmpListSplit showDetail>{body}</AmpListSplit>;
}
