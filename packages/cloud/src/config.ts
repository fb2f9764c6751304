/**
 * The cloud's configuration: environment variables parsed and validated in one place (ARCHITECTURE.md §5), each with
 * a default that works on a laptop. `parseConfig` is pure; `loadConfig` also creates DATA_DIR and the JWT secret.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  FIRMWARE_DEFAULT_MAX_BYTES,
  FIRMWARE_VERSION_PATTERN,
  RELAY_MAX_SESSIONS_PER_AMP,
  RELAY_MAX_SESSIONS_PER_USER,
} from '@rackside/protocol';

/** The repository root (packages/cloud/src → ../../..). */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** DATA_DIR value that keeps everything in memory (the database, the JWT secret): tests and throw-away runs. */
export const IN_MEMORY = ':memory:';

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const url = (protocols: readonly string[]) =>
  optionalText.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    `must be a ${protocols.join(' or ')}// URL`,
  );
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  /**
   * Development features on (issue 16: production by default): the mail and SMS outboxes at GET {API}/dev/… (sign-up
   * and reset codes for anyone who asks) and the console's development regions. Only `RACKSIDE_DEV=1` (or true) turns
   * them on; `npm start` and the test set-ups set it. NODE_ENV=production overrides it.
   */
  RACKSIDE_DEV: flag,
  /** Absent → 'development' with RACKSIDE_DEV, else 'production' (a deployment that forgets it is a production one). */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Where the browser and the amps reach this service; defaults to http://localhost:PORT. */
  PUBLIC_URL: url(['http:', 'https:']),
  /** Every REST route, the OpenAPI docs and the dev outbox live under this prefix ('' mounts them at the root). */
  API_PREFIX: z
    .string()
    .default('/api')
    .refine((p) => p === '' || /^\/[a-z0-9/_-]*[a-z0-9_-]$/i.test(p), "must be '' or like /api (no trailing slash)"),
  /** Trust X-Forwarded-* from a reverse proxy (the client address that rate limits key on). */
  TRUST_PROXY: flag,
  /** Embedded PGlite database, JWT secret: kept here. ':memory:' keeps them in memory. */
  DATA_DIR: z
    .string()
    .min(1)
    .default(join(REPO_ROOT, '.data', 'cloud')),
  /** PostgreSQL connection string; absent → embedded PGlite in DATA_DIR. */
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  /** External MQTT broker; absent → the embedded broker on MQTT_PORT. */
  MQTT_URL: url(['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:', 'ssl:']),
  /** Port of the embedded broker (1883 is the system Mosquitto's on a developer machine); 0 picks a free one. */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(18830),
  /** Address the embedded broker listens on; defaults to HOST (set 0.0.0.0 for amps on the network). */
  MQTT_HOST: optionalText,
  /**
   * The broker URL registered amps are told to connect to. Defaults to MQTT_URL (without its credentials) or, with
   * the embedded broker, mqtt://{host of PUBLIC_URL}:{MQTT_PORT}.
   */
  MQTT_PUBLIC_URL: url(['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:', 'ssl:']),
  /** The cloud's own broker account (the service identity; on an external broker it needs rights on rackside/#). */
  MQTT_SERVICE_USERNAME: z.string().min(1).max(128).default('rackside-cloud'),
  /** Its password; absent → with the embedded broker a random secret per process, with MQTT_URL none (or the URL's). */
  MQTT_SERVICE_PASSWORD: optionalText,
  /**
   * Several cloud nodes on one external broker (issue 20): the nodes subscribe to what devices publish as
   * `$share/{group}/…`, so each status, shadow and job status is ingested by exactly one node. Every node of one
   * cloud sets the same group; unset, the node takes every message (one node). Only with MQTT_URL.
   */
  MQTT_SHARE_GROUP: optionalText.refine(
    (g) => g === undefined || /^[A-Za-z0-9_-]{1,64}$/.test(g),
    'must be 1 to 64 letters, digits, _ or -, e.g. rackside',
  ),
  /** A registration token (spec 1 §4) can be used once within this many seconds. */
  REGISTRATION_TOKEN_TTL_S: seconds(3600),
  /**
   * The version of the release the demo (`npm start`) puts in the demo account's firmware library; four dotted
   * numbers. Amps are offered what a user's library holds (spec 1 §3 latestFirmwareVersion), never this directly.
   */
  LATEST_FIRMWARE_VERSION: z
    .string()
    .regex(FIRMWARE_VERSION_PATTERN, 'must be four dotted numbers, e.g. 1.6.0.0')
    .default('1.6.0.0'),
  /**
   * Where amps reach the firmware library's downloads ({base}/{image id}/download?token=…); defaults to
   * {PUBLIC_URL}{API_PREFIX}/firmware. Set it when amps reach the cloud at another address than browsers do.
   */
  FIRMWARE_BASE_URL: url(['http:', 'https:']),
  /** Firmware library files; absent → DATA_DIR/firmware (with DATA_DIR ':memory:', a temporary folder per process). */
  FIRMWARE_DIR: optionalText,
  /** The largest firmware image an upload may carry (bytes); the amp's own limit is 64 MiB. */
  FIRMWARE_MAX_BYTES: z.coerce.number().int().positive().default(FIRMWARE_DEFAULT_MAX_BYTES),
  /** A download URL in a firmware job works this long (an offline amp gets its job when it is back). */
  FIRMWARE_DOWNLOAD_TTL_S: seconds(24 * 3600),
  /** How often the rollout runner looks at unfinished rollouts (ms). */
  ROLLOUT_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /**
   * A node's rollout runner holds each rollout it moves on this long past its last tick (s); when the node dies,
   * another node's runner takes the rollout over once it ran out (issue 20). Well above ROLLOUT_TICK_MS.
   */
  ROLLOUT_LEASE_S: z.coerce.number().int().min(1).max(3600).default(15),
  /** An amp whose update has not ended this long after its job was sent counts as failed ('timeout'). */
  ROLLOUT_TARGET_TIMEOUT_S: seconds(15 * 60),
  /** How long a rollout waits for an amp's sensor snapshot (its audio check) before it skips the amp (ms). */
  ROLLOUT_SENSOR_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** After the cloud starts, amps get this long to reconnect before a rollout counts one as offline (ms). */
  ROLLOUT_RECONNECT_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** A contact's email confirmation link works this long. */
  CONTACT_CONFIRM_TTL_S: seconds(7 * 24 * 3600),
  /** The China cloud (spec 1 §5: phone numbers without a country code are read as Chinese, else as US numbers). */
  CHINA_CLOUD: flag,
  /** SMTP server, e.g. smtp://user:pass@mail.example.com:587; absent → the outbox (log + GET /api/dev/outbox). */
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).default('Rackside <no-reply@rackside.local>'),
  /**
   * SMPP v3.4 SMS gateway, e.g. smpp://system_id:password@sms.example.com:2775 (smpps:// over TLS); absent → the
   * SMS outbox (log + GET /api/dev/sms-outbox outside production).
   */
  SMPP_URL: url(['smpp:', 'smpps:']),
  /** The SMS sender (source address): an alphanumeric name or a number. */
  SMS_FROM: z.string().min(1).max(20).default('Rackside'),
  /** How often the notification worker looks for due messages (ms). */
  NOTIFY_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /** The first retry of a failed send waits this long; each next one twice as long, at most NOTIFY_RETRY_MAX_MS. */
  NOTIFY_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  NOTIFY_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(300_000),
  /** A message still failing after this many tries is given up (its incident's timeline says so). */
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(300),
  /** A worker that took a message and died is presumed dead after this long; another takes the message (ms). */
  NOTIFY_LEASE_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** Info incidents go out as one digest per contact and channel at most this often (minutes). */
  NOTIFY_DIGEST_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Flapping: this many drops to offline within NOTIFY_FLAP_WINDOW_S are one incident, not one each. */
  NOTIFY_FLAP_COUNT: z.coerce.number().int().min(2).max(100).default(5),
  NOTIFY_FLAP_WINDOW_S: seconds(600),
  /**
   * The length of the venue settings' minutes (reminders, escalation) in seconds: 60. End-to-end tests shorten it
   * to see a reminder in seconds rather than minutes.
   */
  NOTIFY_MINUTE_S: z.coerce.number().int().min(1).max(60).default(60),
  /** An offline incident's "resolved" message waits until the amp stayed online this long (a drop again cancels it). */
  NOTIFY_SETTLE_S: z.coerce.number().int().min(0).max(86_400).default(120),
  /**
   * The audit log (issue 21) keeps events this many days; the retention job (domains/audit/retention.ts) deletes
   * older ones every AUDIT_RETENTION_SWEEP_MS.
   */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  AUDIT_RETENTION_SWEEP_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /**
   * Firmware library in an S3-compatible object store instead of the disk, e.g.
   * s3://ACCESS_KEY:SECRET@minio.example.com:9000/bucket?region=us-east-1 (s3s:// for https); absent → FIRMWARE_DIR.
   */
  FIRMWARE_S3_URL: url(['s3:', 's3s:']),
  /** HS256 key for access and id tokens, at least 32 characters; absent → generated once into DATA_DIR/jwt-secret. */
  JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  ACCESS_TOKEN_TTL_S: seconds(3600),
  /** A remote device-API relay credential (one user × one amp, issue 13) lives this long. */
  REMOTE_SESSION_TTL_S: seconds(15 * 60),
  /** Open relay sessions per user and per amp (protocol cloud/remote.ts RELAY_MAX_SESSIONS_PER_*). */
  REMOTE_SESSIONS_PER_USER: z.coerce.number().int().positive().default(RELAY_MAX_SESSIONS_PER_USER),
  REMOTE_SESSIONS_PER_AMP: z.coerce.number().int().positive().default(RELAY_MAX_SESSIONS_PER_AMP),
  REFRESH_TOKEN_TTL_S: seconds(30 * 24 * 3600),
  /** Sign-up, reset and email-verification codes expire after this long. */
  CODE_TTL_S: seconds(15 * 60),
  /** A code cannot be resent sooner than this after the last one (UnableToResendCode). */
  CODE_RESEND_S: seconds(60),
  /** Wrong tries after which a code is locked until a new one is sent. */
  CODE_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  /**
   * Brute force (docs/security.md, OWASP ASVS V2.2). Failed sign-ins and wrong codes: this many per account (email,
   * across addresses) before that account's back-off applies to the addresses that failed on it. The code-sending
   * endpoints (resend, forgot password) allow this many requests per account per RATE_LIMIT_WINDOW_S.
   */
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /**
   * Requests per RATE_LIMIT_WINDOW_S per client address on the sign-in and code endpoints (a flood guard: it bars an
   * address, never an account).
   */
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  RATE_LIMIT_WINDOW_S: seconds(300),
  /** Failures per address (any account) before the address's back-off; absent → RATE_LIMIT_PER_ADDRESS. */
  RATE_LIMIT_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  /** Back-off after the free failures: 1 s, doubling with each further failure, at most this long. */
  RATE_LIMIT_BACKOFF_MAX_S: seconds(900),
  /**
   * Redis for the counters every node of a cluster must share (issue 20): the request limits and the failure back-offs
   * above, e.g. redis://:password@redis.example.com:6379/0 (rediss:// over TLS). Absent → process memory: right for
   * one node, while several nodes would each count alone. While Redis does not answer, the rate-limited endpoints
   * answer 503 with Retry-After (docs/security.md "Shared counters"); the URL's password is never logged (redactUrl).
   */
  REDIS_URL: url(['redis:', 'rediss:']),
  /** Every key the cloud writes to Redis starts with this (several deployments or test runs can share one Redis). */
  REDIS_PREFIX: z
    .string()
    .default('rackside:')
    .refine((p) => /^[A-Za-z0-9:_.-]{1,64}$/.test(p), 'must be 1 to 64 letters, digits or :_.-, e.g. rackside:'),
  /** The built web app to serve at / (cloud mode); defaults to packages/web/dist when it exists. */
  WEB_ROOT: optionalText,
});

type Resolved = 'PUBLIC_URL' | 'MQTT_HOST' | 'MQTT_PUBLIC_URL' | 'FIRMWARE_BASE_URL';
type Env = z.output<typeof EnvSchema>;
/** The validated configuration (defaults applied, URLs resolved, JWT_SECRET still optional). */
export type Config = Omit<Env, Resolved | 'NODE_ENV' | 'RACKSIDE_DEV' | 'RATE_LIMIT_FAILURES_PER_ADDRESS'> &
  Record<Resolved, string> & {
    RATE_LIMIT_FAILURES_PER_ADDRESS: number;
    NODE_ENV: NonNullable<Env['NODE_ENV']>;
    /** Development features (the dev outboxes, the development regions): RACKSIDE_DEV=1 and NODE_ENV not production. */
    RACKSIDE_DEV: boolean;
  };
/** The configuration once `loadConfig` has made sure a JWT secret exists. */
export type ResolvedConfig = Config & { JWT_SECRET: string };

/** A configuration error that names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The broker URL amps are told: the external broker's without credentials, or the embedded one's public address. */
export function deviceBrokerUrl(mqttUrl: string | undefined, publicUrl: string, mqttPort: number): string {
  if (mqttUrl === undefined) return `mqtt://${new URL(publicUrl).hostname}:${mqttPort}`;
  const u = new URL(mqttUrl);
  u.username = '';
  u.password = '';
  return u.toString().replace(/\/$/, '');
}

/** A URL fit for a log line or a banner: its password masked, in the user part and in a `password` query item. */
export function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password !== '') u.password = '***';
  if (u.searchParams.has('password')) u.searchParams.set('password', '***');
  return u.toString().replace(/\/$/, '');
}

/** Parses and validates the environment (pure: no file is read or written). */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid cloud configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.WEB_ROOT !== undefined && c.API_PREFIX === '') {
    throw new ConfigError(
      'Invalid cloud configuration:\n  WEB_ROOT: needs a non-empty API_PREFIX (the web app owns /)',
    );
  }
  if (c.MQTT_SHARE_GROUP !== undefined && c.MQTT_URL === undefined) {
    throw new ConfigError(
      'Invalid cloud configuration:\n  MQTT_SHARE_GROUP: needs MQTT_URL (nodes share an external broker, not their own)',
    );
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  const nodeEnv = c.NODE_ENV ?? (c.RACKSIDE_DEV ? 'development' : 'production');
  return {
    ...c,
    NODE_ENV: nodeEnv,
    RACKSIDE_DEV: c.RACKSIDE_DEV && nodeEnv !== 'production',
    RATE_LIMIT_FAILURES_PER_ADDRESS: c.RATE_LIMIT_FAILURES_PER_ADDRESS ?? c.RATE_LIMIT_PER_ADDRESS,
    PUBLIC_URL: publicUrl,
    MQTT_HOST: c.MQTT_HOST ?? c.HOST,
    MQTT_PUBLIC_URL: c.MQTT_PUBLIC_URL ?? deviceBrokerUrl(c.MQTT_URL, publicUrl, c.MQTT_PORT),
    FIRMWARE_BASE_URL: (c.FIRMWARE_BASE_URL ?? `${publicUrl}${c.API_PREFIX}/firmware`).replace(/\/+$/, ''),
  };
}

/** JWT secrets published in this repository or shaped like a placeholder: never accepted in production. */
const PLACEHOLDER_SECRET =
  /^test-secret-test-secret-test-secret-0123$|change[-_ ]?me|example|placeholder|your[-_ ]?secret/i;

/**
 * What a production start lacks (issue 16: the cloud refuses to start without them; empty with RACKSIDE_DEV):
 * SMTP_URL (no outbox in production: nobody could read the codes) and an own JWT_SECRET (not a generated one that
 * changes with DATA_DIR, not a placeholder).
 */
export function productionProblems(config: Pick<Config, 'RACKSIDE_DEV' | 'SMTP_URL' | 'JWT_SECRET'>): string[] {
  if (config.RACKSIDE_DEV) return [];
  const problems: string[] = [];
  if (config.SMTP_URL === undefined) {
    problems.push(
      'SMTP_URL: required in production (sign-up and reset codes go by e-mail), e.g. smtp://user:pass@host:587',
    );
  }
  if (config.JWT_SECRET === undefined) {
    problems.push('JWT_SECRET: required in production: at least 32 random characters (openssl rand -base64 48)');
  } else if (PLACEHOLDER_SECRET.test(config.JWT_SECRET) || new Set(config.JWT_SECRET).size < 8) {
    problems.push('JWT_SECRET: a default or placeholder value; set at least 32 random characters');
  }
  return problems;
}

/** Reads DATA_DIR/jwt-secret, creating it (mode 0600) on first start; in memory, a fresh secret per process. */
function ensureJwtSecret(dataDir: string): string {
  if (dataDir === IN_MEMORY) return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * The configuration of this process: parsed env, DATA_DIR created, JWT secret loaded or generated, WEB_ROOT found.
 * `deployment: true` (main.ts, `npm start`) refuses a production configuration that productionProblems finds wanting,
 * before anything is written; an embedding (benches, tests) leaves it off.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
  { deployment = false }: { deployment?: boolean } = {},
): ResolvedConfig {
  const config = parseConfig(env);
  const problems = deployment ? productionProblems(config) : [];
  if (problems.length > 0) {
    throw new ConfigError(
      `The cloud does not start in production without:\n${problems.map((p) => `  ${p}`).join('\n')}\n` +
        'Production is the default; for a development cloud (the dev outbox, no SMTP) set RACKSIDE_DEV=1.',
    );
  }
  const dataDir = config.DATA_DIR === IN_MEMORY ? IN_MEMORY : resolve(config.DATA_DIR);
  if (dataDir !== IN_MEMORY) mkdirSync(dataDir, { recursive: true });
  const webDist = join(REPO_ROOT, 'packages', 'web', 'dist');
  const webRoot =
    config.WEB_ROOT ?? (config.API_PREFIX !== '' && existsSync(join(webDist, 'index.html')) ? webDist : undefined);
  return {
    ...config,
    DATA_DIR: dataDir,
    WEB_ROOT: webRoot === undefined ? undefined : resolve(webRoot),
    JWT_SECRET: config.JWT_SECRET ?? ensureJwtSecret(dataDir),
  };
}
