import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devicesWith } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { getModel } from '@rackside/protocol';
import { pseudo, pseudoResources } from '../../../testing/pseudo-locale';
import { expectOnlyTranslated } from '../../../testing/pseudo-check';

const LAZY = { timeout: 10_000 };
const IP = '10.0.0.1';
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUdGVzdA==\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0=\n-----END PRIVATE KEY-----\n';

type Ethernet = Record<string, unknown>;

function open(ethernet: Ethernet = {}, extra: { passwordProtected?: boolean } = {}) {
  const devices = devicesWith([
    {
      ip: IP,
      model: '704D',
      patch: {
        network: { ethernet: { dot1xEnable: true, ...ethernet } },
        misc: { passwordProtected: extra.passwordProtected ?? false },
      },
    },
  ]);
  const view = renderApp({ path: `/amps/${IP}/dot1x`, preloaded: { devices } });
  // the file inputs restrict their dialog to the slot's extensions; a user can still pick any file
  return { ...view, user: userEvent.setup({ applyAccept: false }) };
}

const slot = (name: string) => screen.getByRole('region', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const fileInput = (name: string) => screen.getByLabelText(`Choose a file for ${name}`);

async function chooseMode(user: ReturnType<typeof userEvent.setup>, mode: string) {
  await user.click(screen.getByRole('combobox', { name: 'Mode' }));
  await user.click(await screen.findByRole('option', { name: mode }));
}

/** Save, then Save in the warning dialog; resolves once the dialog has gone. */
async function confirmSave(user: ReturnType<typeof userEvent.setup>) {
  await user.click(saveButton());
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('802.1X page (spec 2 §4, §5)', () => {
  it('shows the amp settings; an unknown mode reads as Disabled', async () => {
    open({ dot1xMode: 'WPA-Enterprise', dot1xIdentity: 'amp-1' });
    expect(await screen.findByRole('heading', { name: '802.1X', level: 2 }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mode' })).toHaveTextContent('Disabled');
    expect(screen.getByRole('textbox', { name: 'Identity' })).toHaveValue('amp-1');
    expect(screen.getByText('This mode uses no files.')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('asks for identity and password unless Disabled, and enables Save once both are set', async () => {
    const { user } = open();
    await screen.findByRole('combobox', { name: 'Mode' }, LAZY);
    await chooseMode(user, 'PEAP');
    expect(screen.getByText('please enter identity')).toBeInTheDocument();
    expect(screen.getByText('please enter password')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'Identity' }));
    await user.paste('amp-1');
    expect(saveButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'pw');
    expect(screen.queryByText('please enter password')).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    // back to Disabled: a change, no credentials needed
    await chooseMode(user, 'Disabled');
    expect(screen.queryByText('please enter password')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Identity' })).toBeDisabled();
    expect(saveButton()).toBeEnabled(); // the identity changed
  });

  it('clears the file slots by mode: TTLS keeps the CA certificate, PEAP and Disabled clear all three', async () => {
    const { user } = open({ dot1xMode: 'TLS', dot1xIdentity: 'amp-1', dot1xPassword: 'pw' });
    await screen.findByRole('region', { name: 'CA certificate' }, LAZY);
    await user.upload(fileInput('CA certificate'), new File([PEM], 'root.crt'));
    await user.upload(fileInput('Client certificate'), new File([PEM], 'amp.cer'));
    await user.upload(fileInput('Client key'), new File([KEY], 'amp.key'));
    expect(await within(slot('Client key')).findByText('amp.key')).toBeInTheDocument();
    await chooseMode(user, 'TTLS');
    expect(within(slot('CA certificate')).getByText('root.crt')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Client certificate' })).not.toBeInTheDocument();
    await chooseMode(user, 'TLS');
    expect(within(slot('Client certificate')).getByText('No file chosen')).toBeInTheDocument();
    expect(within(slot('Client key')).getByText('No file chosen')).toBeInTheDocument();
    await chooseMode(user, 'PEAP');
    await chooseMode(user, 'TLS');
    expect(within(slot('CA certificate')).getByText('No file chosen')).toBeInTheDocument();
  });

  it("refuses a file of the wrong type ('Invalid file type') or not PEM encoded", async () => {
    const { user } = open({ dot1xMode: 'TLS', dot1xIdentity: 'amp-1', dot1xPassword: 'pw' });
    await screen.findByRole('region', { name: 'CA certificate' }, LAZY);
    await user.upload(fileInput('CA certificate'), new File([PEM], 'root.txt'));
    expect(await within(slot('CA certificate')).findByRole('alert')).toHaveTextContent('Invalid file type');
    await user.upload(fileInput('Client key'), new File([KEY], 'amp.pem'));
    expect(await within(slot('Client key')).findByRole('alert')).toHaveTextContent('Invalid file type');
    await user.upload(fileInput('Client certificate'), new File(['hello'], 'amp.pem'));
    expect(await within(slot('Client certificate')).findByRole('alert')).toHaveTextContent('Files must be PEM encoded');
    expect(screen.getAllByText('No file chosen')).toHaveLength(3);
    expect(saveButton()).toBeDisabled();
    await user.upload(fileInput('CA certificate'), new File([PEM], 'root.pem'));
    expect(await within(slot('CA certificate')).findByText('root.pem')).toBeInTheDocument();
    expect(within(slot('CA certificate')).queryByRole('alert')).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled(); // a file is selected
  });

  it('saves only after the warning, without the unchanged password; then shows asterisks', async () => {
    const { user, manager } = open({ dot1xMode: 'PEAP', dot1xIdentity: 'amp-1', dot1xPassword: 'secret' });
    const password = await screen.findByLabelText('Password', {}, LAZY);
    expect(password).toHaveValue('******');
    await user.click(screen.getByRole('textbox', { name: 'Domain' }));
    await user.paste('venue.example');
    await user.click(saveButton());
    const dialog = screen.getByRole('dialog', { name: 'Save the 802.1X settings?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(manager.set).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await confirmSave(user);
    expect(manager.set).toHaveBeenCalledWith(IP, '/network/ethernet', {
      dot1xMode: 'PEAP',
      dot1xIdentity: 'amp-1',
      dot1xAnonymousIdentity: '',
      dot1xDomain: 'venue.example',
    });
    // a new password is sent, and shown as asterisks of its length after the save
    await user.clear(password);
    await user.paste('hunter2222');
    await confirmSave(user);
    expect(manager.set).toHaveBeenLastCalledWith(
      IP,
      '/network/ethernet',
      expect.objectContaining({ dot1xPassword: 'hunter2222' }),
    );
    expect(await screen.findByDisplayValue('**********')).toBe(password);
  });

  it('uploads through the CGI: Sending, Parsing for 250 ms, Success; then sends the form and clears the files', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => new Promise<Response>((r) => (answer = r)));
    vi.stubGlobal('fetch', fetchMock);
    const { user, manager } = open({ dot1xMode: 'TTLS', dot1xIdentity: 'amp-1', dot1xPassword: 'pw' });
    await screen.findByRole('region', { name: 'CA certificate' }, LAZY);
    await user.upload(fileInput('CA certificate'), new File([PEM], 'root.crt'));
    await within(slot('CA certificate')).findByText('root.crt');
    await confirmSave(user);
    const status = within(slot('CA certificate')).getByRole('status');
    expect(status).toHaveTextContent('Sending');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/^http:\/\/10\.0\.0\.1(:\d+)?\/http-multipart-form-data-upload\.cgi$/);
    expect(((init.body as FormData).get('file') as File).name).toBe('ca.pem');
    vi.useFakeTimers();
    await act(async () => {
      answer(Response.json({ status: 'Success', message: 'CaCert uploaded' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(status).toHaveTextContent('Parsing');
    expect(manager.set).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(status).toHaveTextContent('Parsing');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(status).toHaveTextContent('Success');
    expect(manager.set).toHaveBeenCalledWith(IP, '/network/ethernet', expect.objectContaining({ dot1xMode: 'TTLS' }));
    vi.useRealTimers();
    expect(await within(slot('CA certificate')).findByText('No file chosen')).toBeInTheDocument();
    expect(status).toHaveTextContent('Success');
  });

  it("shows Failure and 'error uploading file' when the amp refuses, and sends nothing else", async () => {
    const refuse = Response.json({ status: 'Failure', message: 'CaCert is not a PEM certificate' }, { status: 422 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(refuse)),
    );
    const { user, manager } = open({ dot1xMode: 'TTLS', dot1xIdentity: 'amp-1', dot1xPassword: 'pw' });
    await screen.findByRole('region', { name: 'CA certificate' }, LAZY);
    await user.upload(fileInput('CA certificate'), new File([PEM], 'root.crt'));
    await within(slot('CA certificate')).findByText('root.crt');
    await confirmSave(user);
    expect(await within(slot('CA certificate')).findByText('Failure')).toBeInTheDocument();
    expect(within(slot('CA certificate')).getByRole('alert')).toHaveTextContent('error uploading file');
    expect(within(slot('CA certificate')).getByText('The amp said: CaCert is not a PEM certificate')).toBeVisible();
    expect(manager.set).not.toHaveBeenCalled();
  });

  it("shows the amp's uploaded and valid flags; Reset clears the form and the files", async () => {
    const { user } = open({
      dot1xMode: 'TTLS',
      dot1xIdentity: 'amp-1',
      dot1xPassword: 'pw',
      dot1xUploadedCACert: true,
      dot1xCACertValid: false,
    });
    await screen.findByRole('region', { name: 'CA certificate' }, LAZY);
    expect(within(slot('CA certificate')).getByText('On the amp: uploaded, not valid')).toBeInTheDocument();
    await user.upload(fileInput('CA certificate'), new File([PEM], 'root.crt'));
    await user.type(screen.getByRole('textbox', { name: 'Identity' }), '-2');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('textbox', { name: 'Identity' })).toHaveValue('amp-1');
    expect(within(slot('CA certificate')).getByText('No file chosen')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('lets a guest look, not change', async () => {
    open({ dot1xMode: 'TLS', dot1xIdentity: 'amp-1' }, { passwordProtected: true });
    expect(await screen.findByText('Sign in to change the 802.1X settings.', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Identity' })).toBeDisabled();
    for (const b of screen.getAllByRole('button', { name: 'Choose file' })) expect(b).toBeDisabled();
  });

  it('has no hard-coded strings (pseudo-locale)', async () => {
    const devices = devicesWith([
      { ip: IP, name: 'Main', patch: { network: { ethernet: { dot1xEnable: true, dot1xMode: 'TLS' } } } },
    ]);
    const view = renderApp({ path: `/amps/${IP}/dot1x`, resources: pseudoResources(), preloaded: { devices } });
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('heading', { name: pseudo('802.1X'), level: 2 }, LAZY);
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, new File(['x'], 'x.txt'));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('combobox', { name: pseudo('Mode') }));
    await screen.findByRole('listbox');
    expectOnlyTranslated(['Main', IP, getModel('704D').modelID]);
    view.unmount();
  });
});
