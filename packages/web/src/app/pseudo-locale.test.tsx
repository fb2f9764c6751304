/**
 * Hard-coded strings fail here: the main screens render with the pseudo-locale, and every visible text or label must be
 * a translation (wrapped in ⟦ ⟧) or data from the amps (names, addresses, models) and the support address.
 */
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesWith, type AmpFixture } from '../testing/fixtures';
import { fakeManager } from '../testing/fake-manager';
import { pseudo, pseudoResources, untranslated } from '../testing/pseudo-locale';
import { renderApp } from '../testing/render-app';
import { setViewportWidth } from '../testing/viewport';
import { SUPPORT_EMAIL } from '../shared/config';
import { connectionChanged } from '../device/store/devices-slice';
import { getModel } from '@rackside/protocol';

const AMPS: AmpFixture[] = [
  { ip: '10.0.0.1', name: 'Main Left', model: '704D', patch: { misc: { passwordProtected: true } } },
  {
    ip: '10.0.0.2',
    name: 'Subwoofers',
    model: 'CDS-508',
    patch: { amp: { powerSupply: { fault: true, powerSource: 'POE' } } },
  },
  { ip: '10.0.0.3', name: 'Lobby', model: '352N_G', connection: 'FAILED', everConnected: true },
  {
    ip: '10.0.0.4',
    name: 'Patio',
    model: '124D',
    patch: { misc: { connectionType: 'WiFi' }, network: { wifi: { signalStrength: -72 } } },
  },
];

const DATA = new Set([
  SUPPORT_EMAIL,
  ...AMPS.flatMap((a) => [a.ip, a.name ?? '', getModel(a.model ?? '704D').modelID]),
  // channel names the amps report (the model defaults)
  ...Array.from({ length: 8 }, (_, i) => `Channel ${i + 1}`),
]);

function render(path: string, password: string | null = null) {
  return renderApp({
    path,
    resources: pseudoResources(),
    manager: fakeManager('invalid'),
    preloaded: { devices: devicesWith(AMPS), localLogin: { password } },
  });
}

const expectTranslated = () => expect(untranslated(document.body, DATA)).toEqual([]);

describe('pseudo-locale: no hard-coded strings', () => {
  it('amp list with cards of every kind, the drawer and an amp menu (wide)', async () => {
    setViewportWidth(1280);
    const { user } = render('/amps', 'pw');
    await screen.findByRole('heading', { name: pseudo('Select an Amp') });
    expectTranslated();
    await user.click(screen.getAllByRole('button', { name: pseudo('Amp menu') })[0]!);
    await screen.findByRole('menu');
    expectTranslated();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: pseudo('Open the main menu') }));
    await screen.findByRole('navigation');
    expectTranslated();
  });

  it('amp detail with its channels, the connection snackbar and the disconnected dialog (narrow)', async () => {
    const { store } = render('/amps/10.0.0.2/channels');
    await screen.findByRole('heading', { name: 'Subwoofers', level: 1 });
    await screen.findByRole('list', { name: pseudo('Channels') });
    expectTranslated();
    act(() => void store.dispatch(connectionChanged({ ampId: '10.0.0.2', connection: 'FAILED' })));
    await screen.findByRole('alert');
    expectTranslated();
    act(() => {
      store.dispatch(connectionChanged({ ampId: '10.0.0.2', connection: 'CONNECTING' }));
      store.dispatch(connectionChanged({ ampId: '10.0.0.2', connection: 'FAILED' }));
    });
    await screen.findByRole('dialog');
    expectTranslated();
  });

  it('login with its failure, preferences with a select open, about, a coming page, not found', async () => {
    const login = render('/login');
    await login.user.type(await screen.findByLabelText(pseudo('Password')), 'x{Enter}');
    await screen.findByRole('alert');
    expectTranslated();
    login.unmount();
    const prefs = render('/preferences');
    await prefs.user.click(await screen.findByRole('combobox', { name: pseudo('Delay units') }));
    await screen.findByRole('listbox');
    expectTranslated();
    prefs.unmount();
    for (const path of ['/about', '/update', '/amps/10.0.0.1/network', '/amps/10.9.9.9/channels']) {
      const view = render(path);
      await screen.findAllByRole('heading', { level: 1 });
      expectTranslated();
      view.unmount();
    }
  });

  it('finds a hard-coded string', () => {
    document.body.innerHTML = '<p>⟦Tráñslátéd⟧</p><button aria-label="Close">x</button>';
    expect(untranslated(document.body, new Set())).toEqual([
      'text in <button>: "x"',
      'aria-label of <button>: "Close"',
    ]);
  });
});
