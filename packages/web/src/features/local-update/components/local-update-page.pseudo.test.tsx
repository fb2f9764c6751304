import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, it, vi } from 'vitest';
import { deltasReceived } from '../../../device/store/devices-slice';
import { devicesWith } from '../../../testing/fixtures';
import { expectOnlyTranslated } from '../../../testing/pseudo-check';
import { pseudo, pseudoResources } from '../../../testing/pseudo-locale';
import { renderApp } from '../../../testing/render-app';

const LAZY = { timeout: 10_000 };
const IMAGE = 'ASBT-1.6.0.0.tar.xz.enc';

/** The amp's upload CGI, accepting every image at once (the route's own XMLHttpRequest upload). */
class AcceptingXhr {
  status = 0;
  statusText = '';
  responseText = '';
  timeout = 0;
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror = null;
  ontimeout = null;
  open() {}
  send() {
    setTimeout(() => {
      this.status = 200;
      this.responseText = JSON.stringify({ status: 'Success', message: 'firmware update started' });
      this.onload?.();
    }, 0);
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('local update page, pseudo-locale', () => {
  it('has no hard-coded strings in the form, a refusal and the progress view', async () => {
    vi.stubGlobal('XMLHttpRequest', AcceptingXhr);
    const { store } = renderApp({
      path: '/update',
      resources: pseudoResources(),
      preloaded: {
        devices: devicesWith([
          { ip: '10.0.0.1', name: 'Main Left', model: '704D' },
          { ip: '10.0.0.2', name: 'Front Fill', model: '124D' },
        ]),
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('heading', { level: 1 }, LAZY);
    const input = screen.getByLabelText(pseudo('Firmware file'), { selector: 'input' });
    await user.upload(input, new File(['x'], 'notes.txt'));
    await user.upload(input, new File(['x'], IMAGE));
    await user.click(screen.getByRole('checkbox', { name: pseudo('Select all') }));
    expectOnlyTranslated(['Main Left', 'Front Fill', IMAGE]);

    await user.click(screen.getByRole('button', { name: pseudo('Update') }));
    await screen.findByRole('timer');
    act(
      () =>
        void store.dispatch(
          deltasReceived([
            {
              ampId: '10.0.0.1',
              delta: { misc: { fwUpdateStatus: 'FinishedFlash', psFwUpdateStatus: 'ok', amp1FwUpdateStatus: 'ok' } },
            },
          ]),
        ),
    );
    await screen.findByText(pseudo('Success'));
    // the countdown's mm:ss is a number, not a text
    expectOnlyTranslated(['Main Left', IMAGE, '—', screen.getByRole('timer').textContent ?? '']);
  });
});
