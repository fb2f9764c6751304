/**
 * Settings transfer (spec 3 §1–§4, issue 17): the amp's Import/Export dialog. It loads in its own chunk with
 * `loadTransferDialog` when the amp menu's entry is first used.
 */
export const loadTransferDialog = () => import('./components/amp-transfer-dialog');
