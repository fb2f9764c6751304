import { screen, waitFor, within } from '@testing-library/react';
import type { FirmwareImage } from '@rackside/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cloudError, fakeCloud, type FakeCloud, type FakeReply } from '../../../testing/fake-cloud';
import { pseudo, pseudoResources, untranslated } from '../../../testing/pseudo-locale';
import { renderCloud } from '../../../testing/render-cloud';
import { formatSize, formatUploadedAt } from '../firmware-format';

const image = (
  over: Partial<FirmwareImage> & Pick<FirmwareImage, 'imageId' | 'family' | 'version'>,
): FirmwareImage => ({
  name: `${over.family}-${over.version}.tar.xz.enc`,
  size: 65_713,
  sha256: 'a'.repeat(64),
  boards: false,
  factoryReset: false,
  notes: null,
  latest: false,
  uploadedAt: '2026-11-25T09:58:05.272Z',
  ...over,
});
const ASBT_17 = image({ imageId: 'i-asbt-17', family: 'ASBT', version: '1.7.0.0' });
const ASBT_16 = image({
  imageId: 'i-asbt-16',
  family: 'ASBT',
  version: '1.6.0.0',
  latest: true,
  boards: true,
  notes: '## 1.6.0.0\n- Faster boot',
});
const DLS_12 = image({ imageId: 'i-dls-12', family: 'DLS', version: '1.2.0.0', latest: true, size: 2_500_000 });
const LIBRARY = {
  families: [
    { family: 'ASBT', latestVersion: '1.6.0.0', images: [ASBT_17, ASBT_16] },
    { family: 'DLS', latestVersion: '1.2.0.0', images: [DLS_12] },
  ],
};

interface SentUpload {
  readonly url: string;
  readonly bearer: string | null;
  readonly form: FormData;
}

/** XMLHttpRequest as the upload uses it, answered by the fake cloud (which records the call, without its body). */
function installFakeXhr(api: () => FakeCloud, sent: SentUpload[], progress: (send: (n: number) => void) => void) {
  class FakeXhr {
    upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const bearer = /^Bearer (.+)$/.exec(this.headers.authorization ?? '')?.[1] ?? null;
      sent.push({ url: this.url, bearer, form });
      const file = form.get('file');
      const total = file instanceof File ? file.size : 0;
      progress((loaded) => this.upload.onprogress?.({ loaded, total, lengthComputable: true }));
      void api()
        .fetch(this.url, { method: this.method, headers: this.headers, body: form })
        .then(async (response) => {
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.();
        });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

const imageFile = (name: string, bytes = 1000) => new File([new Uint8Array(bytes)], name);

describe('firmware library (issue 14)', () => {
  let api: FakeCloud;
  let sent: SentUpload[];
  let onProgress: (send: (n: number) => void) => void;
  beforeEach(() => {
    api = fakeCloud({ 'GET /firmware': { body: LIBRARY } });
    sent = [];
    onProgress = () => undefined;
    installFakeXhr(
      () => api,
      sent,
      (send) => onProgress(send),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the images by model family: version, size, upload date, the latest marked, release notes formatted', async () => {
    const { user } = renderCloud('/firmware', { cloudApi: api });
    const asbt = await screen.findByRole('table', { name: 'ASBT images' });
    const dls = screen.getByRole('table', { name: 'DLS images' });
    const [, newer, older] = within(asbt).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(newer).toHaveTextContent('1.7.0.0');
    expect(within(newer).queryByText('Latest')).toBeNull();
    expect(within(newer).getByRole('button', { name: 'Make ASBT 1.7.0.0 the latest' })).toBeVisible();
    expect(older).toHaveTextContent('1.6.0.0');
    expect(within(older).getByText('Latest')).toBeVisible();
    expect(within(older).queryByRole('button', { name: /Make ASBT 1.6.0.0/ })).toBeNull();
    expect(older).toHaveTextContent('65.7 kB');
    expect(older).toHaveTextContent('2026');
    expect(older).toHaveTextContent('Includes power-supply and amp-board firmware');
    // the notes' markdown formatted (release-notes.test.tsx: safely), under the family's heading
    await user.click(within(older).getByText('Release notes'));
    expect(within(older).getByRole('heading', { level: 3, name: '1.6.0.0' })).toBeVisible();
    expect(within(older).getByRole('listitem')).toHaveTextContent('Faster boot');
    expect(older).not.toHaveTextContent('##');
    const dlsRows = within(dls).getAllByRole('row');
    expect(dlsRows).toHaveLength(2);
    expect(dlsRows[1]).toHaveTextContent('1.2.0.0');
    expect(dlsRows[1]).toHaveTextContent('2.5 MB');
    const dlsSection = screen.getByRole('region', { name: 'DLS' });
    expect(dlsSection).toHaveTextContent('Latest: 1.2.0.0');
    expect(dlsSection).toHaveTextContent(/Models: .*124D/);
    expect(screen.getByRole('region', { name: 'ASBT' })).toHaveTextContent('Latest: 1.6.0.0');
  });

  it('says so when the library is empty, and offers Retry when it cannot be loaded', async () => {
    api.on({ 'GET /firmware': { body: { families: [] } } });
    const view = renderCloud('/firmware', { cloudApi: api });
    expect(await screen.findByText('No firmware images yet')).toBeVisible();
    view.unmount();
    api.on({ 'GET /firmware': cloudError(500, 'Unknown') });
    const { user } = renderCloud('/firmware', { cloudApi: api });
    expect(await screen.findByText('The firmware library could not be loaded.')).toBeVisible();
    api.on({ 'GET /firmware': { body: LIBRARY } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'ASBT images' })).toBeVisible();
  });

  it('shows a refused upload clearly and loses nothing: the file and notes stay, the library is unchanged', async () => {
    api.on({ 'POST /firmware': cloudError(400, 'FIRMWARE_NOT_AN_IMAGE') });
    const { user } = renderCloud('/firmware', { cloudApi: api });
    await screen.findByRole('table', { name: 'ASBT images' });
    await user.upload(
      screen.getByLabelText('Firmware image file or release zip'),
      imageFile('ASBT-1.8.0.0.tar.xz.enc'),
    );
    expect(screen.getByText(/ASBT-1\.8\.0\.0\.tar\.xz\.enc/)).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Release notes (optional)' }), 'Fixes hum');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The image was not added: The file is not a firmware image. Nothing was stored.');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/firmware');
    expect(sent[0]?.bearer).toBe('id-1');
    expect((sent[0]?.form.get('file') as File).name).toBe('ASBT-1.8.0.0.tar.xz.enc');
    expect(sent[0]?.form.get('notes')).toBe('Fixes hum');
    expect(screen.getByRole('textbox', { name: 'Release notes (optional)' })).toHaveValue('Fixes hum');
    expect(screen.getByText(/ASBT-1\.8\.0\.0\.tar\.xz\.enc/)).toBeVisible();
    expect(api.callsTo('GET /firmware')).toHaveLength(1);
    expect(within(screen.getByRole('table', { name: 'ASBT images' })).getAllByRole('row')).toHaveLength(3);
    // the same file can be sent again as it is
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('names each FIRMWARE_* refusal with its own message', async () => {
    api.on({ 'POST /firmware': cloudError(409, 'FIRMWARE_VERSION_EXISTS') });
    const { user } = renderCloud('/firmware', { cloudApi: api });
    await screen.findByRole('table', { name: 'ASBT images' });
    await user.upload(
      screen.getByLabelText('Firmware image file or release zip'),
      imageFile('ASBT-1.7.0.0.tar.xz.enc'),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The library already has this version of this family.');
    api.on({ 'POST /firmware': cloudError(400, 'FIRMWARE_NAME_MISMATCH') });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file name does not match the image inside it (family or version).',
    );
  });

  it('uploads with progress, then reloads the library and clears the form', async () => {
    let finish: (reply: FakeReply) => void = () => undefined;
    const added = image({ imageId: 'i-asbt-18', family: 'ASBT', version: '1.8.0.0' });
    api.on({
      'POST /firmware': () =>
        new Promise<FakeReply>((resolve) => {
          finish = resolve;
        }),
    });
    onProgress = (send) => send(500);
    const { user } = renderCloud('/firmware', { cloudApi: api });
    await screen.findByRole('table', { name: 'ASBT images' });
    await user.upload(
      screen.getByLabelText('Firmware image file or release zip'),
      imageFile('ASBT-1.8.0.0.tar.xz.enc'),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('Uploading… 50 %')).toBeVisible();
    expect(sent[0]?.form.get('notes')).toBeNull();
    api.on({
      'GET /firmware': {
        body: { families: [{ family: 'ASBT', latestVersion: '1.6.0.0', images: [added, ASBT_17, ASBT_16] }] },
      },
    });
    finish({ status: 201, body: { image: added, images: [added] } });
    expect(await screen.findByText('ASBT 1.8.0.0 was added to the library.')).toBeVisible();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'ASBT images' })).getAllByRole('row')).toHaveLength(4),
    );
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    expect(screen.getByText('No file chosen')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('takes a release zip: the picker offers .zip, the notice says how many images were added', async () => {
    const added = ['DLS', 'SS', 'ASBT'].map((family) =>
      image({ imageId: `i-${family}-19`, family: family as FirmwareImage['family'], version: '1.9.0.0' }),
    );
    api.on({ 'POST /firmware': { status: 201, body: { image: added[0], images: added } } });
    const { user } = renderCloud('/firmware', { cloudApi: api });
    await screen.findByRole('table', { name: 'ASBT images' });
    const input = screen.getByLabelText('Firmware image file or release zip');
    expect(input).toHaveAttribute('accept', '.enc,.zip');
    await user.upload(input, imageFile('release-1.9.0.0.zip', 3000));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText(
        'The release zip added 3 images to the library: DLS 1.9.0.0, SS 1.9.0.0, and ASBT 1.9.0.0.',
      ),
    ).toBeVisible();
    expect((sent[0]?.form.get('file') as File).name).toBe('release-1.9.0.0.zip');
    await waitFor(() => expect(api.callsTo('GET /firmware')).toHaveLength(2));
    expect(screen.getByText('No file chosen')).toBeVisible();

    api.on({ 'POST /firmware': { status: 201, body: { image: added[2], images: [added[2]] } } });
    await user.upload(screen.getByLabelText('Firmware image file or release zip'), imageFile('asbt.zip'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The release zip added 1 image to the library: ASBT 1.9.0.0.')).toBeVisible();
  });

  it('says why a release zip was refused, and that nothing of it was stored', async () => {
    api.on({ 'POST /firmware': cloudError(400, 'FIRMWARE_ZIP_NO_IMAGE') });
    const { user } = renderCloud('/firmware', { cloudApi: api });
    await screen.findByRole('table', { name: 'ASBT images' });
    await user.upload(screen.getByLabelText('Firmware image file or release zip'), imageFile('notes-only.zip'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The release was not added: The zip holds no firmware image (files named like ASBT-1.6.0.0.tar.xz.enc). Nothing was stored.',
    );
    api.on({ 'POST /firmware': cloudError(400, 'FIRMWARE_ZIP_INVALID') });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The zip file cannot be read');
    api.on({ 'POST /firmware': cloudError(400, 'FIRMWARE_ZIP_DUPLICATE') });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The zip holds two images of the same family and version.',
    );
    expect(api.callsTo('GET /firmware')).toHaveLength(1);
    expect(screen.getByText(/notes-only\.zip/)).toBeVisible();
  });

  it('makes an older image the latest (PUT /firmware/{id}/latest) and reloads', async () => {
    api.on({ 'PUT /firmware/i-asbt-17/latest': { body: { image: { ...ASBT_17, latest: true } } } });
    const { user } = renderCloud('/firmware', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Make ASBT 1.7.0.0 the latest' }));
    expect(await screen.findByText('ASBT 1.7.0.0 is now the latest.')).toBeVisible();
    expect(api.callsTo('PUT /firmware/i-asbt-17/latest')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /firmware')).toHaveLength(2));
  });

  it('deletes only after the confirmation (DELETE /firmware/{id}), Cancel keeps the image', async () => {
    api.on({ 'DELETE /firmware/i-asbt-16': { body: { ok: true } } });
    const { user } = renderCloud('/firmware', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Delete ASBT 1.6.0.0' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete ASBT 1.6.0.0?' });
    expect(dialog).toHaveTextContent('the highest remaining ASBT version becomes the latest');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE /firmware/i-asbt-16')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete ASBT 1.6.0.0' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete ASBT 1.6.0.0?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('ASBT 1.6.0.0 was deleted.')).toBeVisible();
    expect(api.callsTo('DELETE /firmware/i-asbt-16')).toHaveLength(1);
    expect(api.callsTo('DELETE /firmware/i-asbt-17')).toHaveLength(0);
    await waitFor(() => expect(api.callsTo('GET /firmware')).toHaveLength(2));
  });

  it('says why a make-latest failed', async () => {
    api.on({ 'PUT /firmware/i-asbt-17/latest': cloudError(404, 'NotFound') });
    const { user } = renderCloud('/firmware', { cloudApi: api });
    await user.click(await screen.findByRole('button', { name: 'Make ASBT 1.7.0.0 the latest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That did not work: That image is no longer in the library.',
    );
  });

  it('shows only translations and data (pseudo-locale)', async () => {
    renderCloud('/firmware', { cloudApi: api, resources: pseudoResources() });
    await screen.findByRole('heading', { name: pseudo('Firmware library') });
    await screen.findByRole('table', { name: /ASBT/ });
    const images = [ASBT_17, ASBT_16, DLS_12];
    const data = new Set([
      'ASBT',
      'DLS',
      ...images.flatMap((i) => [i.version, i.name, formatSize(i.size, 'en'), formatUploadedAt(i.uploadedAt, 'en')]),
      'Faster boot', // ASBT 1.6.0.0's notes as rendered: a heading (its version) and a list item
    ]);
    expect(untranslated(document.body, data)).toEqual([]);
  });
});
