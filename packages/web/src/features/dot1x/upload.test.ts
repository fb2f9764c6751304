import { describe, expect, it, vi } from 'vitest';
import { ampHttpOrigin, uploadDot1xFile, UPLOAD_CGI_PATH } from './upload';

const at = (href: string) => {
  const url = new URL(href);
  return { hostname: url.hostname, port: url.port, origin: url.origin };
};

describe('the upload CGI of an amp (spec 2 §7)', () => {
  it('is same-origin for the amp that served the console, else on that amp at the same port', () => {
    expect(ampHttpOrigin('127.0.1.1', at('http://127.0.1.1:8080/amps'))).toBe('http://127.0.1.1:8080');
    expect(ampHttpOrigin('127.0.1.5', at('http://127.0.1.1:8080/amps'))).toBe('http://127.0.1.5:8080');
    expect(ampHttpOrigin('10.0.0.7', at('http://10.0.0.2/amps'))).toBe('http://10.0.0.7');
  });

  it('posts the file in the field file, renamed for its slot, with the submit marker', async () => {
    const fetchFn = vi.fn((_url: string, _init: { method: string; body: FormData }) =>
      Promise.resolve(Response.json({ status: 'Success', message: 'ClientKey uploaded' })),
    );
    const result = await uploadDot1xFile('http://10.0.0.7:8080', 'ClientKey', new File(['k'], 'my.key'), fetchFn);
    expect(result).toEqual({ ok: true, message: 'ClientKey uploaded' });
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe(`http://10.0.0.7:8080${UPLOAD_CGI_PATH}`);
    expect(init.method).toBe('POST');
    expect((init.body.get('file') as File).name).toBe('client.key');
    expect(init.body.get('submit')).toBe('Upload');
  });

  it('fails on the amp refusing, on a reply that is not its JSON, and on a network error', async () => {
    const refuse = () =>
      Promise.resolve(
        Response.json({ status: 'Failure', message: 'CaCert is not a PEM certificate' }, { status: 422 }),
      );
    expect(await uploadDot1xFile('', 'CaCert', new File(['x'], 'a.pem'), refuse)).toEqual({
      ok: false,
      message: 'CaCert is not a PEM certificate',
    });
    const html = () => Promise.resolve(new Response('<html>', { status: 200, statusText: 'OK' }));
    expect((await uploadDot1xFile('', 'CaCert', new File(['x'], 'a.pem'), html)).ok).toBe(false);
    const down = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await uploadDot1xFile('', 'CaCert', new File(['x'], 'a.pem'), down)).toEqual({
      ok: false,
      message: 'Failed to fetch',
    });
  });
});
