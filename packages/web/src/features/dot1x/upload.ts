/**
 * The amp's upload CGI for 802.1X files (spec 2 §7; docs/device-api.md "POST /http-multipart-form-data-upload.cgi"):
 * multipart with the file in the field `file` and a `submit` marker; the file's name picks the slot (ca.pem,
 * client.pem, client.key); the reply is JSON {status: 'Success' | 'Failure', message}.
 */
import { DOT1X_UPLOAD_NAMES, type Dot1xFileSlot } from '@rackside/protocol';

export const UPLOAD_CGI_PATH = '/http-multipart-form-data-upload.cgi';

/**
 * The HTTP origin of an amp: the page's own when the page came from that amp (the usual case: the console is served
 * by the amp); else http://{amp ip}:{the page's port} (the amps of a fleet share their HTTP port; they send CORS
 * headers).
 */
export function ampHttpOrigin(ampId: string, location: Pick<Location, 'hostname' | 'port' | 'origin'>): string {
  if (location.hostname === ampId) return location.origin;
  return `http://${ampId}${location.port ? `:${location.port}` : ''}`;
}

export interface UploadResult {
  readonly ok: boolean;
  /** The amp's message ('CaCert uploaded', 'CaCert is not a PEM certificate', ...) or the network error. */
  readonly message: string;
}

type Fetch = (input: string, init: { method: string; body: FormData }) => Promise<Response>;

/** Uploads one slot's file under the slot's name; never rejects. */
export async function uploadDot1xFile(
  origin: string,
  slot: Dot1xFileSlot,
  file: Blob,
  fetchFn: Fetch = (input, init) => fetch(input, init),
): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file, DOT1X_UPLOAD_NAMES[slot]);
  body.append('submit', 'Upload');
  try {
    const reply = await fetchFn(`${origin}${UPLOAD_CGI_PATH}`, { method: 'POST', body });
    const json: unknown = await reply.json().catch(() => undefined);
    const status = typeof json === 'object' && json !== null && 'status' in json ? json.status : undefined;
    const message = typeof json === 'object' && json !== null && 'message' in json ? String(json.message) : '';
    return { ok: reply.ok && status === 'Success', message: message || `${reply.status} ${reply.statusText}`.trim() };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}
