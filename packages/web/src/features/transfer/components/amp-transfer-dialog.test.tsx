import { ALL_TICKS, defaultState, exportSettings, getModel } from '@rackside/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
import { pseudoResources, untranslated } from '../../../testing/pseudo-locale';
import { renderAmpPage } from '../../../testing/render-amp-page';
import { AmpTransferDialog } from './amp-transfer-dialog';

const devices = () => devicesWith([{ ip: '10.0.0.1', name: 'Main', model: '704D' }]);

describe('the Import/Export dialog of an amp in the store', () => {
  it('subscribes the whole tree while open and writes through the connection manager', async () => {
    const view = renderAmpPage(<AmpTransferDialog ampId="10.0.0.1" open onClose={() => undefined} />, {
      devices: devices(),
    });
    expect(view.manager.openDetail).toHaveBeenCalledWith('10.0.0.1');
    const dialog = await screen.findByRole('dialog', { name: 'Import/Export' });
    const model = getModel('704D');
    const file = exportSettings(structuredClone(defaultState(model)), model, ALL_TICKS);
    (file.channels['2'] as { output: { name: string } }).output.name = 'Fill';
    await view.user.upload(screen.getByTestId('transfer-file-input'), new File([JSON.stringify(file)], 'f.json'));
    await view.user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Import Succeeded!')).toBeInTheDocument();
    expect(view.manager.set).toHaveBeenCalledWith('10.0.0.1', '/amp/channels/2/output', { name: 'Fill' });
  });

  it('shows only translated text (pseudo-locale)', async () => {
    renderAmpPage(<AmpTransferDialog ampId="10.0.0.1" open onClose={() => undefined} />, {
      devices: devices(),
      resources: pseudoResources(),
    });
    await screen.findByRole('dialog');
    await waitFor(() => expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(0));
    expect(untranslated(document.body, new Set())).toEqual([]);
  });
});
