/**
 * A small client of the cloud's public REST API, the calls an account holder and the dev outbox offer: what the demo
 * seed drives (`npm start`) and what the end-to-end flows use to set up accounts and venues. Every reply is parsed
 * with its protocol schema; a reply that is not 2xx throws a CloudApiError with the cloud's error name.
 */
import {
  CloudSessionSchema,
  DEVICE_PATHS,
  DeviceAttributesReplySchema,
  ErrorBodySchema,
  FIRMWARE_FILE_FIELD,
  FIRMWARE_PATHS,
  FirmwareLibrarySchema,
  FirmwareUploadReplySchema,
  IDENTITY_PATHS,
  OUTBOX_PATH,
  OutboxListSchema,
  RegistrationTokenReplySchema,
  VENUE_PATHS,
  VenueDevicesSchema,
  VenueListSchema,
  VenueReplySchema,
  fillPath,
  type DeviceAttributesReply,
  type FirmwareImage,
  type FirmwareLibrary,
  type Venue,
  type VenueDevices,
} from '@rackside/protocol';
import { z } from 'zod';

/** The part of fetch the client uses: the global fetch fits, as does an adapter over another HTTP client. */
export type CloudFetch = (
  url: string,
  init: { readonly method: string; readonly headers: Record<string, string>; readonly body?: string },
) => Promise<{ readonly ok: boolean; readonly status: number; json(): Promise<unknown> }>;

/** A REST call that went wrong: the cloud's error name (`EmailNotFound`…), or `HTTP {status}`. */
export class CloudApiError extends Error {
  override name = 'CloudApiError';
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** One account's view of the API; `token` (set by signIn) is sent as the bearer of later calls. */
export interface CloudClient {
  token: string | undefined;
  /** Any call: the reply parsed with `schema`. */
  call<T>(
    method: string,
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<T>;
  signUp(email: string, password: string): Promise<void>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendCode(email: string): Promise<void>;
  /** The newest code mailed to `email` in the dev outbox (docs/adr/0003), if any. */
  outboxCode(email: string): Promise<string | undefined>;
  /** Signs in and keeps the id token as `token`; returns it. */
  signIn(email: string, password: string): Promise<string>;
  venues(): Promise<Venue[]>;
  createVenue(name: string): Promise<Venue>;
  /** A single-use registration token for an amp joining the venue. */
  registrationToken(venueId: string): Promise<string>;
  venueDevices(venueId: string): Promise<VenueDevices['devices']>;
  deviceAttributes(venueId: string): Promise<DeviceAttributesReply['devices']>;
  removeDevice(deviceId: string): Promise<void>;
  firmwareLibrary(): Promise<FirmwareLibrary>;
  /**
   * Uploads a firmware image or release zip (multipart POST /firmware); returns the images stored. Multipart goes
   * through the global fetch, whatever `fetch` the client was given (a CloudFetch sends text bodies only).
   */
  uploadFirmware(fileName: string, bytes: Uint8Array): Promise<FirmwareImage[]>;
}

const anyReply = z.unknown();

/** A client of the API at `apiUrl` (e.g. http://127.0.0.1:8090/api). */
export function cloudClient(apiUrl: string, options: { readonly fetch?: CloudFetch } = {}): CloudClient {
  const doFetch: CloudFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const failure = async (res: { status: number; json(): Promise<unknown> }, method: string, path: string) => {
    const err = ErrorBodySchema.safeParse(await res.json().catch(() => undefined));
    return new CloudApiError(
      err.success ? err.data.error : `HTTP ${res.status}`,
      `${method} ${path}: ${err.success ? err.data.message : res.status}`,
    );
  };
  const client: CloudClient = {
    token: undefined,
    async call(method, path, schema, body, query) {
      const q = query ? `?${new URLSearchParams(query).toString()}` : '';
      const res = await doFetch(`${apiUrl}${path}${q}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw await failure(res, method, path);
      return schema.parse(await res.json().catch(() => undefined));
    },
    async signUp(email, password) {
      await client.call('POST', IDENTITY_PATHS.signUp, anyReply, { email, password, passwordConfirm: password });
    },
    async confirmSignUp(email, code) {
      await client.call('POST', IDENTITY_PATHS.confirmSignUp, anyReply, { email, code });
    },
    async resendCode(email) {
      await client.call('POST', IDENTITY_PATHS.resendCode, anyReply, { email });
    },
    async outboxCode(email) {
      const { mails } = await client.call('GET', OUTBOX_PATH, OutboxListSchema, undefined, { to: email });
      return mails[0]?.code ?? undefined;
    },
    async signIn(email, password) {
      const session = await client.call('POST', IDENTITY_PATHS.signIn, CloudSessionSchema, { email, password });
      client.token = session.idToken;
      return session.idToken;
    },
    async venues() {
      return (await client.call('GET', VENUE_PATHS.venues, VenueListSchema)).venues;
    },
    async createVenue(name) {
      return (await client.call('POST', VENUE_PATHS.venues, VenueReplySchema, { venue: { name } })).venue;
    },
    async registrationToken(venueId) {
      const path = fillPath(DEVICE_PATHS.registrationToken, { venueId });
      return (await client.call('POST', path, RegistrationTokenReplySchema)).registrationToken;
    },
    async venueDevices(venueId) {
      return (await client.call('GET', fillPath(DEVICE_PATHS.venueDevices, { venueId }), VenueDevicesSchema)).devices;
    },
    async deviceAttributes(venueId) {
      const path = fillPath(DEVICE_PATHS.attributes, { venueId });
      return (await client.call('POST', path, DeviceAttributesReplySchema, {})).devices;
    },
    async removeDevice(deviceId) {
      await client.call('DELETE', fillPath(DEVICE_PATHS.device, { deviceId }), anyReply);
    },
    async firmwareLibrary() {
      return client.call('GET', FIRMWARE_PATHS.images, FirmwareLibrarySchema);
    },
    async uploadFirmware(fileName, bytes) {
      const form = new FormData();
      form.append(FIRMWARE_FILE_FIELD, new Blob([new Uint8Array(bytes)]), fileName);
      const res = await fetch(`${apiUrl}${FIRMWARE_PATHS.images}`, {
        method: 'POST',
        headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
        body: form,
      });
      if (!res.ok) throw await failure(res, 'POST', FIRMWARE_PATHS.images);
      return FirmwareUploadReplySchema.parse(await res.json()).images;
    },
  };
  return client;
}
