import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { OUTBOX_PATH, SMS_OUTBOX_PATH } from '@rackside/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, IN_MEMORY, loadConfig, parseConfig, productionProblems } from './config';
import { buildTestApp, type TestApp } from './test/app';
import { useTestDb } from './test/db';

/** issue 16 "production by default": development features only with RACKSIDE_DEV=1, never from a missing NODE_ENV. */
describe('production by default', () => {
  const db = useTestDb();
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close();
    t = undefined;
  });

  it('is production without RACKSIDE_DEV, whatever NODE_ENV is missing', () => {
    expect(parseConfig({})).toMatchObject({ NODE_ENV: 'production', RACKSIDE_DEV: false });
    expect(parseConfig({ RACKSIDE_DEV: '0' })).toMatchObject({ NODE_ENV: 'production', RACKSIDE_DEV: false });
    expect(parseConfig({ NODE_ENV: 'development' })).toMatchObject({ RACKSIDE_DEV: false });
    expect(parseConfig({ RACKSIDE_DEV: '1' })).toMatchObject({ NODE_ENV: 'development', RACKSIDE_DEV: true });
    expect(parseConfig({ RACKSIDE_DEV: 'true', NODE_ENV: 'test' })).toMatchObject({ RACKSIDE_DEV: true });
    // an explicit NODE_ENV=production wins
    expect(parseConfig({ RACKSIDE_DEV: '1', NODE_ENV: 'production' })).toMatchObject({ RACKSIDE_DEV: false });
    expect(() => parseConfig({ RACKSIDE_DEV: 'yes' })).toThrow(/RACKSIDE_DEV/);
  });

  it('has no dev outbox (mail or SMS) without RACKSIDE_DEV, and says so at /api/health', async () => {
    t = await buildTestApp(db(), { config: { RACKSIDE_DEV: '0' } });
    for (const path of [OUTBOX_PATH, SMS_OUTBOX_PATH])
      expect((await t.app.inject({ method: 'GET', url: `/api${path}` })).statusCode, path).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ dev: false });
    await t.app.close();
    t = await buildTestApp(db(), { config: { RACKSIDE_DEV: '1' } });
    for (const path of [OUTBOX_PATH, SMS_OUTBOX_PATH])
      expect((await t.app.inject({ method: 'GET', url: `/api${path}` })).statusCode, path).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ dev: true });
  });

  it('refuses a production start without SMTP_URL and an own JWT secret, naming each', () => {
    const start = (env: Record<string, string>) => () =>
      loadConfig({ DATA_DIR: IN_MEMORY, ...env }, { deployment: true });
    expect(start({})).toThrow(ConfigError);
    expect(start({})).toThrow(/SMTP_URL[\s\S]*JWT_SECRET[\s\S]*RACKSIDE_DEV=1/);
    const secret = 'q8J2vN0xR4tY7wZ1bC5eG9hK3mP6sU0a';
    expect(start({ JWT_SECRET: secret })).toThrow(/SMTP_URL/);
    expect(start({ JWT_SECRET: secret })).not.toThrow(/JWT_SECRET/);
    const smtp = { SMTP_URL: 'smtp://mail.example.com:587' };
    expect(start(smtp)).toThrow(/JWT_SECRET: required/);
    for (const placeholder of [
      'test-secret-test-secret-test-secret-0123',
      'change-me-change-me-change-me-change-me',
      'x'.repeat(40),
    ])
      expect(start({ ...smtp, JWT_SECRET: placeholder }), placeholder).toThrow(/JWT_SECRET: a default or placeholder/);
    expect(start({ ...smtp, JWT_SECRET: secret })().JWT_SECRET).toBe(secret);
    // a development cloud needs neither; an embedding (benches) that does not ask is not checked
    expect(start({ RACKSIDE_DEV: '1' })().RACKSIDE_DEV).toBe(true);
    expect(loadConfig({ DATA_DIR: IN_MEMORY }).NODE_ENV).toBe('production');
    expect(productionProblems({ RACKSIDE_DEV: true, SMTP_URL: undefined, JWT_SECRET: undefined })).toEqual([]);
  });

  it('`npm run cloud` (main.ts) exits with the message when production lacks them', () => {
    const cloudDir = fileURLToPath(new URL('..', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: cloudDir,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: IN_MEMORY, PORT: '0', MQTT_PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/does not start in production without:[\s\S]*SMTP_URL[\s\S]*JWT_SECRET/);
  }, 90_000);
});
