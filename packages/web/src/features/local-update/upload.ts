/**
 * A firmware image to one amp's upload CGI (spec 3 §7; docs/device-api.md "POST /http-multipart-form-data-upload.cgi"):
 * multipart with the file in the field `file` and the `submit` marker, as the 802.1X upload does, but over
 * XMLHttpRequest so that the upload's progress shows. The amp answers JSON {status: 'Success' | 'Failure', message}.
 */
import { UPLOAD_CGI_PATH, type UploadResult } from '../dot1x';

/** The amp's answer; `reason` when none came (the amp unreachable, or no answer in time). */
export interface FirmwareUploadResult extends UploadResult {
  readonly reason?: 'network' | 'timeout';
}

/** The part of XMLHttpRequest the upload uses (a test passes a fake). */
export interface XhrLike {
  open(method: string, url: string): void;
  send(body: FormData): void;
  timeout: number;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  readonly upload: { onprogress: ((e: ProgressEvent) => void) | null };
  onload: ((ev: ProgressEvent) => unknown) | null;
  onerror: ((ev: ProgressEvent) => unknown) | null;
  ontimeout: ((ev: ProgressEvent) => unknown) | null;
}

/** An upload that has not finished after this long fails (a 64 MiB image over a slow link still fits). */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

const field = (json: unknown, key: string): unknown =>
  typeof json === 'object' && json !== null && key in json ? (json as Record<string, unknown>)[key] : undefined;

/** Uploads one image under `name` to the amp at `origin`; reports progress as 0..1; never rejects. */
export function uploadFirmwareImage(
  origin: string,
  image: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  createXhr: () => XhrLike = () => new XMLHttpRequest(),
): Promise<FirmwareUploadResult> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append('file', image, name);
    body.append('submit', 'Upload');
    const xhr = createXhr();
    xhr.open('POST', `${origin}${UPLOAD_CGI_PATH}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText) as unknown;
      } catch {
        json = undefined;
      }
      const message = field(json, 'message');
      const ok = xhr.status >= 200 && xhr.status < 300 && field(json, 'status') === 'Success';
      if (ok) onProgress(1);
      resolve({
        ok,
        message: typeof message === 'string' && message ? message : `${xhr.status} ${xhr.statusText}`.trim(),
      });
    };
    xhr.onerror = () => resolve({ ok: false, message: '', reason: 'network' });
    xhr.ontimeout = () => resolve({ ok: false, message: '', reason: 'timeout' });
    xhr.send(body);
  });
}
