/** The amp's 802.1X page (spec 2 §2 /amps/{ampId}/dot1x). */
export { Dot1xScreen } from './amp-page-dot1x';
/** The amp's upload CGI and HTTP origin, shared with the local firmware update (features/local-update). */
export { ampHttpOrigin, UPLOAD_CGI_PATH, type UploadResult } from './upload';
