/**
 * The amp menu itself (spec 2 §2, local entries): loaded and mounted by AmpMenu only once a menu is first opened, so
 * that a card costs no Menu, Popover or Dialog until then (issue 4).
 */
import { Menu, MenuItem } from '@mui/material';
import type { AmpSummary } from '@rackside/protocol';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAmpRoutes } from '../../../shared/amp-pages';
import { useSelector } from 'react-redux';
import { selectUacHidesPages, useAmpState, type WithDevices } from '../../../device';
import { loadTransferDialog } from '../../transfer';
import { ampMenuEntries } from '../amp-menu-entries';

// spec 3 §2: the Import/Export dialog is its own chunk, loaded when the entry is first used (issue 17)
const AmpTransferDialog = lazy(async () => ({ default: (await loadTransferDialog()).AmpTransferDialog }));

export function AmpMenuContent({
  summary,
  anchor,
  onClose,
}: {
  summary: AmpSummary;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('amps');
  const dot1xEnabled = useAmpState(summary.ampId, (s) => s?.network?.ethernet?.dot1xEnable === true);
  const [importExportOpen, setImportExportOpen] = useState(false);
  // the dialog mounts when first opened and stays (its closing transition plays)
  const [importExportUsed, setImportExportUsed] = useState(false);
  const routes = useAmpRoutes();
  const uacHidesPages = useSelector((s: WithDevices) => selectUacHidesPages(s, summary.ampId));
  const entries = ampMenuEntries({
    isConnected: summary.isConnected,
    isUacLocked: summary.isUACLocked,
    uacHidesPages,
    dot1xEnabled,
    cloud: routes.cloud,
  });
  return (
    <>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
        {entries.map((entry) =>
          entry.page ? (
            <MenuItem
              key={entry.id}
              component={RouterLink}
              to={routes.amp(summary.ampId, entry.page)}
              onClick={onClose}
            >
              {t(`menu.${entry.id}`)}
            </MenuItem>
          ) : (
            <MenuItem
              key={entry.id}
              onClick={() => {
                onClose();
                setImportExportUsed(true);
                setImportExportOpen(true);
              }}
            >
              {t(`menu.${entry.id}`)}
            </MenuItem>
          ),
        )}
      </Menu>
      {importExportUsed ? (
        <Suspense fallback={null}>
          <AmpTransferDialog ampId={summary.ampId} open={importExportOpen} onClose={() => setImportExportOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
