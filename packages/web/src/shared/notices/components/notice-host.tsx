import { Alert, Snackbar } from '@mui/material';
import { ERROR_SNACKBAR_AUTO_HIDE_MS, SNACKBAR_AUTO_HIDE_MS } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { noticeDismissed, selectCurrentNotice } from '../store/notices-slice';

/** Shows the app-wide notices one at a time (spec 2 §2: errors 5000 ms, notices 2000 ms). */
export function NoticeHost() {
  const { t } = useTranslation('common');
  const notice = useSelector(selectCurrentNotice);
  const dispatch = useDispatch();
  if (!notice) return null;
  const close = () => dispatch(noticeDismissed(notice.id));
  return (
    <Snackbar
      key={notice.id}
      open
      autoHideDuration={notice.severity === 'error' ? ERROR_SNACKBAR_AUTO_HIDE_MS : SNACKBAR_AUTO_HIDE_MS}
      onClose={(_e, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={notice.severity} variant="filled" onClose={close} sx={{ width: '100%' }}>
        {t(`notices.${notice.key}`)}
      </Alert>
    </Snackbar>
  );
}
