export {
  CLOUD_HOSTING,
  LOCAL_HOSTING,
  detectHostingMode,
  hostingReducer,
  metaContent,
  selectHostingMode,
  selectIsCloud,
  type HostingMode,
  type WithHosting,
} from './hosting-mode';
export { useHostingMode } from './use-hosting-mode';
