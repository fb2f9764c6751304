/**
 * @vitest-environment jsdom
 */
import { describe, expect, it } from 'vitest';
import { uploadFirmwareImage, type XhrLike } from './upload';

/** An XMLHttpRequest stand-in: records the request; the test answers it. */
function fakeXhr() {
  const xhr = {
    method: '',
    url: '',
    body: undefined as FormData | undefined,
    timeout: 0,
    status: 0,
    statusText: '',
    responseText: '',
    upload: { onprogress: null as ((e: ProgressEvent) => void) | null },
    onload: null as (() => void) | null,
    onerror: null as (() => void) | null,
    ontimeout: null as (() => void) | null,
    open(method: string, url: string) {
      xhr.method = method;
      xhr.url = url;
    },
    send(body: FormData) {
      xhr.body = body;
    },
    answer(status: number, json: unknown) {
      xhr.status = status;
      xhr.responseText = JSON.stringify(json);
      xhr.onload?.();
    },
  };
  return xhr satisfies XhrLike;
}

const progress = (loaded: number, total: number) => ({ lengthComputable: true, loaded, total }) as ProgressEvent;

describe('firmware upload to the amp’s CGI (spec 3 §7)', () => {
  it('posts the image in the field file with the submit marker and reports progress', async () => {
    const xhr = fakeXhr();
    const seen: number[] = [];
    const done = uploadFirmwareImage(
      'http://10.0.0.2:8080',
      new Blob(['img']),
      'ASBT-1.6.0.0.tar.xz.enc',
      (f) => seen.push(f),
      () => xhr,
    );
    expect([xhr.method, xhr.url]).toEqual(['POST', 'http://10.0.0.2:8080/http-multipart-form-data-upload.cgi']);
    expect((xhr.body?.get('file') as File).name).toBe('ASBT-1.6.0.0.tar.xz.enc');
    expect(xhr.body?.get('submit')).toBe('Upload');
    xhr.upload.onprogress?.(progress(25, 100));
    xhr.answer(200, { status: 'Success', message: 'firmware update started' });
    expect(await done).toEqual({ ok: true, message: 'firmware update started' });
    expect(seen).toEqual([0.25, 1]);
  });

  it('fails with the amp’s message, or why no answer came', async () => {
    const refused = fakeXhr();
    const a = uploadFirmwareImage(
      'http://a',
      new Blob(['x']),
      'x.tar.xz.enc',
      () => undefined,
      () => refused,
    );
    refused.answer(409, { status: 'Failure', message: 'a firmware update is already in progress' });
    expect(await a).toEqual({ ok: false, message: 'a firmware update is already in progress' });

    const down = fakeXhr();
    const b = uploadFirmwareImage(
      'http://a',
      new Blob(['x']),
      'x.tar.xz.enc',
      () => undefined,
      () => down,
    );
    down.onerror?.();
    expect(await b).toEqual({ ok: false, message: '', reason: 'network' });

    const garbled = fakeXhr();
    const c = uploadFirmwareImage(
      'http://a',
      new Blob(['x']),
      'x.tar.xz.enc',
      () => undefined,
      () => garbled,
    );
    garbled.status = 502;
    garbled.statusText = 'Bad Gateway';
    garbled.responseText = '<html>';
    garbled.onload?.();
    expect(await c).toEqual({ ok: false, message: '502 Bad Gateway' });
  });
});
