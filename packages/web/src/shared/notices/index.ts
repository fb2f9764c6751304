// NoticeHost (MUI's Snackbar) is not exported here: app/layout/app-layout.tsx loads components/notice-host lazily,
// and an export here would put it on the first route of everyone who dispatches a notice (docs/adr/0004)
export { noticeShown, noticeDismissed, noticesReducer, type NoticeKey, type WithNotices } from './store/notices-slice';
