/**
 * The app as route tests use it: buildApp() over a test database (src/test/db.ts), the outbox mailer, a clock the
 * test moves, quiet logs and generous rate limits unless a test asks for tight ones.
 */
import type { DeviceEvents } from '../device-events';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { ServiceClient } from '../broker/index';
import type { Clock } from '../clock';
import { IN_MEMORY, parseConfig, type ResolvedConfig } from '../config';
import type { Db } from '../db/client';
import type { Domain } from '../domain';
import { createOutboxMailer, type Mailer, type OutboxMailer } from '../plugins/mailer';
import { createSmsOutbox, type SmsSender } from '../plugins/sms';

/** A clock that stands still until the test moves it. */
export class TestClock implements Clock {
  private t: number;
  constructor(start: Date | string = '2026-01-15T10:00:00Z') {
    this.t = new Date(start).getTime();
  }
  now = (): Date => new Date(this.t);
  advance(ms: number): void {
    this.t += ms;
  }
  advanceSeconds(s: number): void {
    this.advance(s * 1000);
  }
}

/** Test configuration: in memory, silent, fixed secret, rate limits out of the way; env-style overrides on top. */
export function testConfig(overrides: Readonly<Record<string, string>> = {}): ResolvedConfig {
  const config = parseConfig({
    NODE_ENV: 'test',
    // the dev outboxes, as a development cloud has them (issue 16: off unless RACKSIDE_DEV=1)
    RACKSIDE_DEV: '1',
    LOG_LEVEL: 'silent',
    DATA_DIR: IN_MEMORY,
    PUBLIC_URL: 'http://cloud.test',
    RATE_LIMIT_PER_ACCOUNT: '10000',
    RATE_LIMIT_PER_ADDRESS: '10000',
    ...overrides,
  });
  return { ...config, JWT_SECRET: config.JWT_SECRET ?? 'test-secret-test-secret-test-secret-0123' };
}

/** One app under test and what it was built with. */
export interface TestApp {
  readonly app: FastifyInstance;
  readonly config: ResolvedConfig;
  readonly clock: TestClock;
  readonly mailer: OutboxMailer;
  /** The SMS sender the app got (options.sms, else an SMS outbox on the database). */
  readonly sms: SmsSender;
  readonly db: Db;
}

/** Builds and readies an app on the database; close it with `app.close()` (the database outlives it). */
export async function buildTestApp(
  db: Db,
  options: {
    config?: Readonly<Record<string, string>>;
    clock?: TestClock;
    domains?: readonly Domain[];
    broker?: ServiceClient;
    disconnectDevice?: (deviceId: string) => Promise<boolean>;
    deviceEvents?: DeviceEvents;
    /** The app's mailer instead of the outbox (an SMTP mailer to a test server); TestApp.mailer stays the outbox. */
    mailer?: Mailer;
    sms?: SmsSender;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.config);
  const clock = options.clock ?? new TestClock();
  const mailer = createOutboxMailer(db);
  const { domains, broker, disconnectDevice, deviceEvents } = options;
  const sms = options.sms ?? createSmsOutbox(db);
  const app = await buildApp({
    config,
    db,
    mailer: options.mailer ?? mailer,
    sms,
    clock,
    domains,
    broker,
    disconnectDevice,
    deviceEvents,
  });
  await app.ready();
  return { app, config, clock, mailer, sms, db };
}
