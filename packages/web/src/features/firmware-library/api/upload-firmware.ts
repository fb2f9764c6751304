/**
 * POST /firmware (docs/cloud-api.md "Firmware library"): the image or release zip and its release notes as multipart,
 * sent with XMLHttpRequest because fetch reports no upload progress. The bearer id token is the session's, as every
 * other cloud call (cloud-request.ts); the reply is parsed with the contract like any other. Never throws.
 */
import {
  FIRMWARE_FILE_FIELD,
  FIRMWARE_NOTES_FIELD,
  FIRMWARE_PATHS,
  FirmwareUploadReplySchema,
  ORG_HEADER,
  type FirmwareImage,
} from '@rackside/protocol';
import { cloudErrorOf, type CloudError } from '../../../shared/cloud/cloud-error';

export interface FirmwareUpload {
  readonly apiBase: string;
  readonly idToken: string | null;
  /** The organisation acted in (issue 21); null: the personal one (no header). */
  readonly organisationId?: string | null;
  readonly file: File;
  /** Release notes; empty sends none. */
  readonly notes: string;
  /** Bytes of the request body sent so far and in all. */
  readonly onProgress: (loaded: number, total: number) => void;
  readonly signal?: AbortSignal;
}

/** The images stored: one for an image, one per image of a release zip. */
export type FirmwareUploadResult = { images: FirmwareImage[]; error?: undefined } | { error: CloudError };

export function uploadFirmware(upload: FirmwareUpload): Promise<FirmwareUploadResult> {
  return new Promise((resolve) => {
    const form = new FormData();
    // notes first: a refusal of the notes comes before the whole image has been sent
    if (upload.notes.trim() !== '') form.append(FIRMWARE_NOTES_FIELD, upload.notes);
    form.append(FIRMWARE_FILE_FIELD, upload.file, upload.file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${upload.apiBase}${FIRMWARE_PATHS.images}`);
    xhr.setRequestHeader('accept', 'application/json');
    if (upload.idToken !== null) xhr.setRequestHeader('authorization', `Bearer ${upload.idToken}`);
    if (upload.organisationId) xhr.setRequestHeader(ORG_HEADER, upload.organisationId);
    xhr.upload.onprogress = (event) => {
      upload.onProgress(event.loaded, event.lengthComputable ? event.total : upload.file.size);
    };
    xhr.onload = () => resolve(resultOf(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ error: { status: 0, error: 'Network' } });
    xhr.onabort = () => resolve({ error: { status: 0, error: 'Aborted' } });
    upload.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

function resultOf(status: number, text: string): FirmwareUploadResult {
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (status < 200 || status >= 300) return { error: cloudErrorOf(status, body) };
  const parsed = FirmwareUploadReplySchema.safeParse(body);
  if (!parsed.success) {
    console.error("Rackside: the cloud's reply to the firmware upload does not fit its contract", parsed.error.issues);
    return { error: { status, error: 'Unknown' } };
  }
  return { images: parsed.data.images };
}
