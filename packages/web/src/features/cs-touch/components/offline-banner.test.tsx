import { Box } from '@mui/material';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCurrentPanel } from '../hooks/current-panel';
import { touchEditorActions } from '../store/touch-editor-slice';
import { OfflineBanner, SaveLockOverlay } from './offline-banner';
import { PANEL, SUB_LEFT, renderWithPanel } from './touch-chrome.test-utils';

const OFFLINE = [{ ...SUB_LEFT, online: false }];

/** The banner and, while the lock is on, the overlay over an editor standing in for the group list. */
function Editor() {
  return (
    <>
      <OfflineBanner />
      <Box sx={{ position: 'relative' }} data-testid="editor">
        <button type="button">Add group</button>
        <LockWhenLocked />
      </Box>
    </>
  );
}

function LockWhenLocked() {
  return useCurrentPanel().saveLocked ? <SaveLockOverlay /> : null;
}

describe('save lock (spec 3 §2/§4)', () => {
  it('shows no banner while every amp of the configuration is connected', () => {
    renderWithPanel(<OfflineBanner />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the offline amps in a red banner whose Unlock ignores the lock; the banner stays, unlocked', async () => {
    const view = renderWithPanel(<OfflineBanner />, { amps: OFFLINE });
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('Sub Left (192.168.1.20) is offline');
    expect(banner).toHaveTextContent(/saving is locked/i);
    expect(banner).toHaveClass('MuiAlert-colorError', 'MuiAlert-filled');

    await view.user.click(within(banner).getByRole('button', { name: /unlock/i }));
    expect(view.dispatched).toEqual([touchEditorActions.lockIgnored({ id: PANEL.id })]);
    expect(screen.getByRole('alert')).toHaveTextContent(/saving is unlocked/i);
    expect(screen.queryByRole('button', { name: /unlock/i })).not.toBeInTheDocument();
  });

  it('names an amp discovery does not know by its address', () => {
    renderWithPanel(<OfflineBanner />, { amps: [] });
    expect(screen.getByRole('alert')).toHaveTextContent('192.168.1.20 is offline');
  });

  it('covers the editor, makes it inert and focuses Unlock; Unlock ignores the lock', async () => {
    const view = renderWithPanel(<Editor />, { amps: OFFLINE });
    const overlay = screen.getByRole('region', { name: /saving locked/i });
    expect(overlay).toHaveTextContent('Saving is locked while amps of this configuration are offline');
    const unlock = within(overlay).getByRole('button', { name: /unlock/i });
    expect(unlock).toHaveFocus();
    expect(getComputedStyle(overlay).position).toBe('absolute');
    expect(screen.getByText('Add group')).toHaveAttribute('inert');

    await view.user.click(unlock);
    expect(view.dispatched).toEqual([touchEditorActions.lockIgnored({ id: PANEL.id })]);
    expect(screen.queryByRole('region', { name: /saving locked/i })).not.toBeInTheDocument();
    expect(screen.getByText('Add group')).not.toHaveAttribute('inert');
    expect(screen.getByRole('alert')).toHaveTextContent(/saving is unlocked/i);
  });

  it('speaks Chinese', () => {
    renderWithPanel(<OfflineBanner />, { amps: OFFLINE, language: 'zh' });
    expect(screen.getByRole('button', { name: '解锁' })).toBeInTheDocument();
  });
});
