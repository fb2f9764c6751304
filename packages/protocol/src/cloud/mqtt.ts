/**
 * MQTT between the amps and the cloud (ARCHITECTURE.md "Shadow", "Remote control", "Security model"): topic
 * builders and parsers, one zod schema per message, and what of the device state goes into the shadow.
 * docs/cloud-mqtt.md repeats the table and gives broker ACL examples. Payloads are UTF-8 JSON, but for api/req and
 * api/res: a JSON header line, then the device API frame as it is (ApiEnvelope).
 *
 * | topic                                 | direction      | QoS | retained | payload                         |
 * |---------------------------------------|----------------|-----|----------|---------------------------------|
 * | rackside/devices/{id}/reported        | device → cloud | 1   | yes      | DeviceReportedSchema            |
 * | rackside/devices/{id}/status          | device → cloud | 1   | yes      | DeviceStatusSchema (last will)  |
 * | rackside/devices/{id}/sensors         | device → cloud | 0   | no       | DeviceSensorsSchema             |
 * | rackside/devices/{id}/jobs            | cloud → device | 1   | no       | DeviceJobSchema                 |
 * | rackside/devices/{id}/jobs/status     | device → cloud | 1   | no       | JobStatusSchema                 |
 * | rackside/devices/{id}/api/req         | cloud → device | 0   | no       | ApiEnvelope (header + frame)    |
 * | rackside/devices/{id}/api/res         | device → cloud | 0   | no       | ApiEnvelope (header + frame)    |
 *
 * A device (client id = username = its device id) may publish only its own reported, status, sensors,
 * jobs/status and api/res, and subscribe only to its own jobs and api/req. The cloud's service identity may do
 * anything. An empty retained payload on reported/status clears the shadow (device removed).
 */
import { z } from 'zod';
import type { DeviceDelta } from '../device/state';
import { UacSchema } from '../device/tree';

/** The root of every device topic. */
export const MQTT_TOPIC_PREFIX = 'rackside/devices';

interface TopicSpec {
  /** Under `rackside/devices/{deviceId}/`. */
  readonly suffix: string;
  readonly qos: 0 | 1;
  readonly retained: boolean;
  /** Who publishes it; the other side subscribes. */
  readonly from: 'device' | 'cloud';
}
/** Every kind of device topic: its suffix, QoS, whether it is retained, and who publishes it. */
export const DEVICE_TOPICS = {
  reported: { suffix: 'reported', qos: 1, retained: true, from: 'device' },
  status: { suffix: 'status', qos: 1, retained: true, from: 'device' },
  sensors: { suffix: 'sensors', qos: 0, retained: false, from: 'device' },
  jobs: { suffix: 'jobs', qos: 1, retained: false, from: 'cloud' },
  jobStatus: { suffix: 'jobs/status', qos: 1, retained: false, from: 'device' },
  apiReq: { suffix: 'api/req', qos: 0, retained: false, from: 'cloud' },
  apiRes: { suffix: 'api/res', qos: 0, retained: false, from: 'device' },
} as const satisfies Record<string, TopicSpec>;
/** One kind of device topic. */
export type DeviceTopicKind = keyof typeof DEVICE_TOPICS;
const KINDS = Object.keys(DEVICE_TOPICS) as DeviceTopicKind[];
/** The kinds a device may publish to (its own topics only). */
export const DEVICE_PUBLISH_KINDS: readonly DeviceTopicKind[] = KINDS.filter((k) => DEVICE_TOPICS[k].from === 'device');
/** The kinds a device may subscribe to (its own topics only, no wildcards). */
export const DEVICE_SUBSCRIBE_KINDS: readonly DeviceTopicKind[] = KINDS.filter(
  (k) => DEVICE_TOPICS[k].from === 'cloud',
);

/** Keepalive of a device connection (s): a broker declares a silent device gone after 1.5× this (~7.5 s). */
export const MQTT_DEVICE_KEEPALIVE_S = 5;
/** Wait between a device's reconnection attempts to the broker (ms). */
export const MQTT_DEVICE_RECONNECT_MS = 5000;
/** A device publishes its reported state at most this often (ms). */
export const REPORTED_THROTTLE_MS = 1000;
/** Period of sensor messages while a sensor-publish window is open (ms). */
export const SENSOR_PUBLISH_INTERVAL_MS = 1000;
/** A remote-control session without any api/req message for this long is closed by the device (ms). */
export const API_SESSION_IDLE_MS = 300_000;
/** Remote-control sessions a device keeps at once; the least recently used is closed beyond this. */
export const MAX_API_SESSIONS_PER_DEVICE = 32;
/** Largest payload either side accepts (bytes); larger messages are dropped unread. */
export const MQTT_MAX_PAYLOAD_BYTES = 1024 * 1024;

/** A device id that is safe inside a topic level (no `/`, `+`, `#`) and in broker ACL patterns. */
export const DeviceIdSchema = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'not a topic-safe device id');

/** The topic of one kind of message of one device; throws when the id is not topic-safe. */
export function deviceTopic(deviceId: string, kind: DeviceTopicKind): string {
  if (!DeviceIdSchema.safeParse(deviceId).success) throw new Error(`device id not usable in a topic: ${deviceId}`);
  return `${MQTT_TOPIC_PREFIX}/${deviceId}/${DEVICE_TOPICS[kind].suffix}`;
}

/** The filter matching one kind of message of every device (`rackside/devices/+/reported`). */
export const deviceTopicFilter = (kind: DeviceTopicKind): string =>
  `${MQTT_TOPIC_PREFIX}/+/${DEVICE_TOPICS[kind].suffix}`;

/** A device topic read back: whose it is and what kind; undefined for any other topic. */
export function parseDeviceTopic(topic: string): { deviceId: string; kind: DeviceTopicKind } | undefined {
  const head = `${MQTT_TOPIC_PREFIX}/`;
  if (!topic.startsWith(head)) return undefined;
  const rest = topic.slice(head.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return undefined;
  const deviceId = rest.slice(0, slash);
  const suffix = rest.slice(slash + 1);
  if (!DeviceIdSchema.safeParse(deviceId).success) return undefined;
  const kind = KINDS.find((k) => DEVICE_TOPICS[k].suffix === suffix);
  return kind ? { deviceId, kind } : undefined;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/**
 * A part of the device state as the amp sent it: checked to be an object, typed as a partial state. Read it with
 * the tolerant rule views (rules/status.ts, rules/amp-summary.ts), which accept partial or odd data.
 */
const statePart = <T>() => z.custom<NonNullable<T>>(isPlainObject, 'not an object');
const epochMs = z.number().int().nonnegative();
const boardStatus = z.string().max(64);

/** Firmware update statuses (spec 1 §3 "Firmware status per device"): the amp's `/misc` fields of that name. */
export const FirmwareReportSchema = z.object({
  fwUpdateStatus: z.string().max(64),
  psFwUpdateStatus: boardStatus.optional(),
  amp1FwUpdateStatus: boardStatus.optional(),
  amp2FwUpdateStatus: boardStatus.optional(),
  amp3FwUpdateStatus: boardStatus.optional(),
  amp4FwUpdateStatus: boardStatus.optional(),
});
/** Firmware statuses of one device. */
export type FirmwareReport = z.infer<typeof FirmwareReportSchema>;

/** `reported`: the device's shadow, whole each time (no meters, levels or secrets; see reportedFromState). */
export const DeviceReportedSchema = z.object({
  amp: statePart<DeviceDelta['amp']>().optional(),
  network: statePart<DeviceDelta['network']>().optional(),
  misc: statePart<DeviceDelta['misc']>().optional(),
  UAC: z.optional(UacSchema),
  logs: z.object({ events: z.string().max(65536).optional(), faults: z.string().max(65536).optional() }).optional(),
  cloud: statePart<DeviceDelta['cloud']>().optional(),
  firmware: FirmwareReportSchema.optional(),
  /** When the device took this snapshot (ms since the epoch, device clock). */
  ts: epochMs,
});
/** A device's reported state. */
export type DeviceReported = z.infer<typeof DeviceReportedSchema>;

/** `status`: online with the device's time, or the last will `{online: false}` (no time: it was set at connect). */
export const DeviceStatusSchema = z.object({ online: z.boolean(), ts: epochMs.optional() });
/** A device's connection status. */
export type DeviceStatus = z.infer<typeof DeviceStatusSchema>;

/** `sensors`: the fast readings left out of the shadow, sent while a sensor-publish window is open (spec 2 §4). */
export const DeviceSensorsSchema = z.object({
  amp: statePart<DeviceDelta['amp']>().optional(),
  tech: statePart<DeviceDelta['tech']>().optional(),
  ts: epochMs,
});
/** One sensor snapshot. */
export type DeviceSensors = z.infer<typeof DeviceSensorsSchema>;

const JobIdSchema = z.string().min(1).max(64);
const httpUrl = z
  .string()
  .max(2048)
  .refine((u) => URL.canParse(u) && ['http:', 'https:'].includes(new URL(u).protocol), 'not an http(s) URL');

/** A cloud firmware job (spec 1 §4): download the image at `url` and install it. */
export const FirmwareJobSchema = z.object({
  jobId: JobIdSchema,
  type: z.literal('firmware'),
  url: httpUrl,
  version: z.string().max(32),
  /** The image's file name (its prefix names the model family). */
  name: z.string().min(1).max(256),
});
/** Publish sensor readings for `durationS` seconds (spec 2 §4 sensor polling; `/cloud sensorPublishDuration`). */
export const SensorPublishJobSchema = z.object({
  jobId: JobIdSchema,
  type: z.literal('sensorPublish'),
  durationS: z.number().int().min(1).max(3600),
});
/** Why the cloud let a device go: its user removed it, or the amp registered again (to this or another account). */
export const DEREGISTRATION_REASONS = ['removed', 'registeredAgain'] as const;
/** A reason a device was let go. */
export type DeregistrationReason = (typeof DEREGISTRATION_REASONS)[number];
/**
 * The cloud no longer knows this device id (issue 16): the amp forgets these credentials, leaves without a last will
 * and shows it is not connected. Sent just before the cloud drops the connection; an amp that misses it (offline
 * then) learns it from the broker's refusal of its credentials instead. Not stored, never answered.
 */
export const DeregisteredJobSchema = z.object({
  jobId: JobIdSchema,
  type: z.literal('deregistered'),
  reason: z.enum(DEREGISTRATION_REASONS),
});
/** `jobs`: work the cloud hands one device. */
export const DeviceJobSchema = z.discriminatedUnion('type', [
  FirmwareJobSchema,
  SensorPublishJobSchema,
  DeregisteredJobSchema,
]);
/** A job for a device. */
export type DeviceJob = z.infer<typeof DeviceJobSchema>;

/** accepted: started; succeeded/failed: ended (detail: the final firmware status); rejected: not started. */
export const JOB_STATUSES = ['accepted', 'succeeded', 'failed', 'rejected'] as const;
/** `jobs/status`: how a job went. */
export const JobStatusSchema = z.object({
  jobId: JobIdSchema,
  status: z.enum(JOB_STATUSES),
  detail: z.string().max(256).optional(),
});
/** A job's status report. */
export type JobStatus = z.infer<typeof JobStatusSchema>;

const SessionIdSchema = z.string().min(1).max(64);
/**
 * The header line of an `api/req` or `api/res` message (ApiEnvelope): its remote-control session, and on `api/req`
 * `close: true` to end it. Strict: any other member is refused (so is the former `{sessionId, frame}` JSON message,
 * rather than read as a keep-alive).
 */
const HeaderShape = { sessionId: SessionIdSchema, close: z.literal(true).optional() };
export const ApiEnvelopeHeaderSchema = z.strictObject(HeaderShape);
/** The header of a remote-control message. */
export type ApiEnvelopeHeader = z.infer<typeof ApiEnvelopeHeaderSchema>;

/**
 * `api/req` and `api/res` (issue 13): a JSON header line (ApiEnvelopeHeaderSchema), a newline (0x0A), then one device
 * API frame (UTF-8), its bytes as the browser or the amp sent them: `{"sessionId":"s1"}` LF `{"url":"/amp",…}`. The
 * first newline ends the header (JSON never holds a raw one); all after it is the frame. Without a newline: the header
 * alone, on `api/req` a keep-alive (API_SESSION_IDLE_MS) or with `close: true` the session's end. The device answers
 * each request frame like a local client (notify every 400 ms), each reply or notify frame one `api/res`.
 */
export interface ApiEnvelope<F extends Uint8Array | string = Uint8Array | string> {
  readonly header: ApiEnvelopeHeader;
  /** The frame: bytes when the payload was bytes (a view into it, not a copy), text when it was text. */
  readonly frame?: F;
}
/** What the cloud sends on `api/req`: a session's header and, unless it only keeps alive or closes, one frame. */
export type ApiRequestMessage = ApiEnvelopeHeader & { readonly frame?: string | Uint8Array };
/** What the cloud hears on `api/res`: one frame of a session, its bytes as the amp sent them (valid UTF-8). */
export type ApiResponseMessage = { readonly sessionId: string; readonly frame: Uint8Array };
/** The longest header line read (bytes): a payload without a newline within this is refused unless it is as short. */
export const API_ENVELOPE_MAX_HEADER_BYTES = 1024;

/** The payload schema of each kind of JSON topic (`api/req` and `api/res` are envelopes: parseApiEnvelope). */
export const MQTT_PAYLOAD_SCHEMAS = {
  reported: DeviceReportedSchema,
  status: DeviceStatusSchema,
  sensors: DeviceSensorsSchema,
  jobs: DeviceJobSchema,
  jobStatus: JobStatusSchema,
} as const satisfies Record<Exclude<DeviceTopicKind, 'apiReq' | 'apiRes'>, z.ZodType>;

/** A payload read with its schema: the value, or why it was refused. */
export type ParsedPayload<T> = { ok: true; value: T } | { ok: false; error: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads a JSON payload with its schema; never throws (too large, not UTF-8, not JSON, or not the shape). */
export function parseMqttPayload<T>(schema: z.ZodType<T>, payload: Uint8Array | string): ParsedPayload<T> {
  const size = typeof payload === 'string' ? payload.length : payload.byteLength;
  if (size > MQTT_MAX_PAYLOAD_BYTES) return { ok: false, error: `payload of ${size} bytes is too large` };
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : utf8.decode(payload));
  } catch {
    return { ok: false, error: 'payload is not UTF-8 JSON' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: z.prettifyError(parsed.error) };
}

const utf8Encoder = new TextEncoder();
/** A lone surrogate: text that has no UTF-8 form (a well-formed pair is one code point to a `u` pattern). */
const LONE_SURROGATE = /\p{Cs}/u;
/** The header line, from its known members only (JSON.stringify never writes a raw newline). */
const headerLine = (h: ApiEnvelopeHeader): string =>
  JSON.stringify(h.close === true ? { sessionId: h.sessionId, close: true } : { sessionId: h.sessionId });
const refuse = (error: string) => ({ ok: false, error }) as const;

/**
 * An `api/req` or `api/res` payload (ApiEnvelope), the header's known members only. A text frame gives text (the MQTT
 * client encodes it once); bytes give bytes, copied once behind the header, untouched (UTF-8, or the receiver refuses).
 */
export function encodeApiEnvelope(header: ApiEnvelopeHeader, frame?: string): string;
export function encodeApiEnvelope(header: ApiEnvelopeHeader, frame: Uint8Array): Uint8Array;
export function encodeApiEnvelope(header: ApiEnvelopeHeader, frame?: string | Uint8Array): string | Uint8Array;
export function encodeApiEnvelope(header: ApiEnvelopeHeader, frame?: string | Uint8Array): string | Uint8Array {
  const line = headerLine(header);
  if (frame === undefined) return line;
  if (typeof frame === 'string') return `${line}\n${frame}`;
  const head = utf8Encoder.encode(`${line}\n`);
  const out = new Uint8Array(head.byteLength + frame.byteLength);
  out.set(head);
  out.set(frame, head.byteLength);
  return out;
}

/**
 * Reads an `api/req` or `api/res` payload (ApiEnvelope); never throws. Refused: over MQTT_MAX_PAYLOAD_BYTES, a header
 * line over API_ENVELOPE_MAX_HEADER_BYTES, not UTF-8 JSON or not ApiEnvelopeHeaderSchema, a frame that is not UTF-8
 * (nor text with a lone surrogate). The frame is not parsed: the amp's device API reads it, the relay passes it on.
 */
export function parseApiEnvelope(payload: Uint8Array): ParsedPayload<ApiEnvelope<Uint8Array>>;
export function parseApiEnvelope(payload: string): ParsedPayload<ApiEnvelope<string>>;
export function parseApiEnvelope(payload: Uint8Array | string): ParsedPayload<ApiEnvelope>;
export function parseApiEnvelope(payload: Uint8Array | string): ParsedPayload<ApiEnvelope> {
  const isText = typeof payload === 'string';
  const size = isText ? payload.length : payload.byteLength;
  if (size > MQTT_MAX_PAYLOAD_BYTES) return refuse(`payload of ${size} bytes is too large`);
  if (isText && LONE_SURROGATE.test(payload)) return refuse('payload is not UTF-8 (a lone surrogate)');
  const newline = isText ? payload.indexOf('\n') : payload.indexOf(0x0a);
  const headerEnd = newline < 0 ? size : newline;
  if (headerEnd > API_ENVELOPE_MAX_HEADER_BYTES)
    return refuse(`header line over ${API_ENVELOPE_MAX_HEADER_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(isText ? payload.slice(0, headerEnd) : utf8.decode(payload.subarray(0, headerEnd)));
  } catch {
    return refuse('header is not UTF-8 JSON');
  }
  const parsed = ApiEnvelopeHeaderSchema.safeParse(json);
  if (!parsed.success) return refuse(z.prettifyError(parsed.error));
  const header = parsed.data;
  if (newline < 0) return { ok: true, value: { header } };
  if (isText) return { ok: true, value: { header, frame: payload.slice(newline + 1) } };
  const frame = payload.subarray(newline + 1);
  try {
    utf8.decode(frame); // checked only: the frame goes on as bytes
  } catch {
    return refuse('frame is not UTF-8');
  }
  return { ok: true, value: { header, frame } };
}

/**
 * Reads an `api/res` payload as the cloud does (parseApiEnvelope): one frame of a session. A bare header or one with
 * `close` is refused (the amp sends neither). Never throws.
 */
export function parseApiResponse(payload: Uint8Array): ParsedPayload<ApiResponseMessage> {
  const parsed = parseApiEnvelope(payload);
  if (!parsed.ok) return parsed;
  const { header, frame } = parsed.value;
  if (frame === undefined || header.close === true) return refuse('api/res is one frame of a session, no close');
  return { ok: true, value: { sessionId: header.sessionId, frame } };
}

/**
 * Fields too fast for a retained shadow (meters, levels, limiter reduction, mains readings, up-time, clip and
 * signal flags): left out of `reported`, sent in `sensors` during a sensor-publish window. `/tech` goes there too.
 */
export const FAST_READING_KEYS: ReadonlySet<string> = new Set([
  ...['levels', 'level', 'primaryLevel', 'secondaryLevel', 'measuredLevel', 'measuredImpedance'], // meters
  ...['gainReduction', 'totalGainReduction', 'limiting'], // limiters
  ...['upTime', 'acLineVoltage', 'acLineCurrent', 'acLineWatts', 'estPowerUsageAutoStandby'], // slow readings
  ...['clip', 'primaryClip', 'secondaryClip', 'signalDetect', 'primarySignalDetect', 'secondarySignalDetect'], // signal
]);
/** Secrets never leave the amp through the shadow (Wi-Fi, AP and 802.1X passwords, a pending registration token). */
const isSecretKey = (key: string): boolean => /password$/i.test(key) || key === 'registrationToken';

/** Copies an object keeping the keys `keep` accepts, dropping objects left empty. */
function filterTree(v: Record<string, unknown>, keep: (key: string, value: unknown) => 'all' | 'walk' | 'drop') {
  const out: Record<string, unknown> = {};
  for (const [k, child] of Object.entries(v)) {
    const how = keep(k, child);
    if (how === 'all') out[k] = structuredClone(child);
    else if (how === 'walk' && isPlainObject(child)) {
      const sub = filterTree(child, keep);
      if (Object.keys(sub).length > 0) out[k] = sub;
    }
  }
  return out;
}
const slowPart = (v: unknown) =>
  isPlainObject(v)
    ? filterTree(v, (k, c) => (FAST_READING_KEYS.has(k) || isSecretKey(k) ? 'drop' : isPlainObject(c) ? 'walk' : 'all'))
    : undefined;
const fastPart = (v: unknown) =>
  isPlainObject(v) ? filterTree(v, (k) => (FAST_READING_KEYS.has(k) ? 'all' : 'walk')) : undefined;

/** The shadow of a device state rooted at `/`: amp, network, misc, UAC, logs, cloud and firmware statuses. */
export function reportedFromState(state: object, ts: number): DeviceReported {
  const s = state as Record<string, unknown>;
  const misc = isPlainObject(s.misc) ? s.misc : {};
  const firmware = Object.fromEntries(
    Object.keys(FirmwareReportSchema.shape)
      .filter((k) => typeof misc[k] === 'string')
      .map((k) => [k, misc[k]]),
  );
  const out: Record<string, unknown> = { ts };
  for (const key of ['amp', 'network', 'misc', 'cloud'] as const) {
    const part = slowPart(s[key]);
    if (part && Object.keys(part).length > 0) out[key] = part;
  }
  if (isPlainObject(s.UAC)) out.UAC = structuredClone(s.UAC); // whole: role and permission names are data
  if (isPlainObject(s.logs)) out.logs = structuredClone(s.logs);
  if (typeof firmware.fwUpdateStatus === 'string') out.firmware = firmware;
  return out as DeviceReported;
}

/** The sensor snapshot of a device state rooted at `/`: the fast readings of `/amp` and all of `/tech`. */
export function sensorsFromState(state: object, ts: number): DeviceSensors {
  const s = state as Record<string, unknown>;
  const amp = fastPart(s.amp);
  return {
    ts,
    ...(amp && Object.keys(amp).length > 0 ? { amp } : {}),
    ...(isPlainObject(s.tech) ? { tech: structuredClone(s.tech) } : {}),
  };
}
