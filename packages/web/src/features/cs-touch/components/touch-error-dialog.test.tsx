import { screen, waitFor, within } from '@testing-library/react';
import { TOUCH_MESSAGES } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { touchEditorActions } from '../store/touch-editor-slice';
import { PANEL, renderWithPanel } from './touch-chrome.test-utils';
import { TouchErrorDialog } from './touch-error-dialog';

describe('touch error dialog (spec 3 §8)', () => {
  it('stays closed without an error', () => {
    renderWithPanel(<TouchErrorDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a failed save as "Unable to update your CS Touch." with the reason; OK clears it', async () => {
    const view = renderWithPanel(<TouchErrorDialog />, { edit: { error: 'the panel did not answer' } });
    const dialog = screen.getByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Unable to update your CS Touch.');
    expect(within(dialog).getByText('the panel did not answer')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);

    await view.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(view.dispatched).toEqual([touchEditorActions.errorCleared({ id: PANEL.id })]);
    expect(view.edit().error).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('translates a save failing for no given reason', () => {
    renderWithPanel(<TouchErrorDialog />, { edit: { error: TOUCH_MESSAGES.unknownError } });
    const dialog = screen.getByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Unable to update your CS Touch.');
    expect(dialog).toHaveTextContent('Unknown error');
  });

  it('shows a known message alone, translated', () => {
    renderWithPanel(<TouchErrorDialog />, {
      edit: { error: TOUCH_MESSAGES.failedToGenerateExportUrl },
      language: 'es',
    });
    const dialog = screen.getByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('No se pudo generar la URL de exportación');
    expect(dialog).not.toHaveTextContent('No se pudo actualizar');
    expect(within(dialog).getByRole('button', { name: 'Aceptar' })).toBeInTheDocument();
  });
});
