export { NoticeHost } from './components/notice-host';
export { noticeShown, noticeDismissed, noticesReducer, type NoticeKey, type WithNotices } from './store/notices-slice';
