import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, IN_MEMORY, loadConfig, parseConfig, redactUrl } from './config';

describe('cloud configuration', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('has laptop defaults for every variable', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      // issue 16: production unless RACKSIDE_DEV=1
      NODE_ENV: 'production',
      RACKSIDE_DEV: false,
      PORT: 8090,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:8090',
      API_PREFIX: '/api',
      MQTT_PORT: 18830,
      ACCESS_TOKEN_TTL_S: 3600,
      REFRESH_TOKEN_TTL_S: 30 * 24 * 3600,
      CODE_TTL_S: 900,
      CODE_RESEND_S: 60,
      CODE_MAX_ATTEMPTS: 5,
      TRUST_PROXY: false,
    });
    expect([c.DATABASE_URL, c.MQTT_URL, c.SMTP_URL, c.JWT_SECRET, c.WEB_ROOT]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(c.DATA_DIR).toMatch(/[/\\]\.data[/\\]cloud$/);
  });

  it('parses what is set and treats blank as unset', () => {
    const c = parseConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://cloud.example.com/',
      DATABASE_URL: 'postgres://u:p@db:5432/rackside',
      SMTP_URL: ' ',
      TRUST_PROXY: 'true',
      API_PREFIX: '',
    });
    expect(c).toMatchObject({
      PORT: 9000,
      PUBLIC_URL: 'https://cloud.example.com',
      SMTP_URL: undefined,
      TRUST_PROXY: true,
      API_PREFIX: '',
    });
  });

  it('tells amps the embedded broker at the public host, or the external broker without its credentials', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://cloud.example.com' })).toMatchObject({
      MQTT_HOST: '127.0.0.1',
      MQTT_PUBLIC_URL: 'mqtt://cloud.example.com:18830',
      MQTT_SERVICE_USERNAME: 'rackside-cloud',
      FIRMWARE_BASE_URL: 'https://cloud.example.com/api/firmware',
      FIRMWARE_MAX_BYTES: 64 * 1024 * 1024,
      LATEST_FIRMWARE_VERSION: '1.6.0.0',
      REGISTRATION_TOKEN_TTL_S: 3600,
      CHINA_CLOUD: false,
    });
    const external = parseConfig({ MQTT_URL: 'mqtts://svc:secret@mq.example.com:8883', HOST: '0.0.0.0' });
    expect([external.MQTT_PUBLIC_URL, external.MQTT_HOST]).toEqual(['mqtts://mq.example.com:8883', '0.0.0.0']);
    expect(parseConfig({ MQTT_PUBLIC_URL: 'mqtt://amps.example.com:1884' }).MQTT_PUBLIC_URL).toBe(
      'mqtt://amps.example.com:1884',
    );
    expect(() => parseConfig({ LATEST_FIRMWARE_VERSION: '1.6' })).toThrow(/LATEST_FIRMWARE_VERSION/);
    expect(() => parseConfig({ MQTT_PUBLIC_URL: 'http://x' })).toThrow(/MQTT_PUBLIC_URL/);
  });

  it('names every bad variable in one clear error', () => {
    const bad = () =>
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        API_PREFIX: 'api/',
        NODE_ENV: 'staging',
      });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/);
    expect(() => parseConfig({ API_PREFIX: 'api/' })).toThrow(/API_PREFIX/);
    expect(() => parseConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => parseConfig({ API_PREFIX: '', WEB_ROOT: '/srv/web' })).toThrow(/WEB_ROOT/);
  });

  it('counts in memory without REDIS_URL, in Redis under REDIS_PREFIX with it, and never shows its password', () => {
    expect([parseConfig({}).REDIS_URL, parseConfig({}).REDIS_PREFIX]).toEqual([undefined, 'rackside:']);
    expect(parseConfig({ REDIS_URL: ' ' }).REDIS_URL).toBeUndefined();
    const c = parseConfig({ REDIS_URL: 'rediss://:pa55@redis.example.com:6380/2', REDIS_PREFIX: 'staging:' });
    expect(c).toMatchObject({ REDIS_URL: 'rediss://:pa55@redis.example.com:6380/2', REDIS_PREFIX: 'staging:' });
    expect(() => parseConfig({ REDIS_URL: 'http://redis.example.com' })).toThrow(/REDIS_URL/);
    expect(() => parseConfig({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
    expect(() => parseConfig({ REDIS_PREFIX: '' })).toThrow(/REDIS_PREFIX/);
    expect(redactUrl('rediss://:pa55@redis.example.com:6380/2')).toBe('rediss://:***@redis.example.com:6380/2');
    expect(redactUrl('redis://app:pa55@r:6379/0?password=pa55')).toBe('redis://app:***@r:6379/0?password=***');
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });

  it('shares the external broker subscriptions with MQTT_SHARE_GROUP, and refuses it without MQTT_URL', () => {
    expect(parseConfig({ MQTT_URL: 'mqtt://broker:1883' }).MQTT_SHARE_GROUP).toBeUndefined();
    expect(parseConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_SHARE_GROUP: ' rackside ' }).MQTT_SHARE_GROUP).toBe(
      'rackside',
    );
    expect(() => parseConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_SHARE_GROUP: 'a/b' })).toThrow(/MQTT_SHARE_GROUP/);
    expect(() => parseConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_SHARE_GROUP: '+' })).toThrow(/MQTT_SHARE_GROUP/);
    expect(() => parseConfig({ MQTT_SHARE_GROUP: 'rackside' })).toThrow(/MQTT_SHARE_GROUP: needs MQTT_URL/);
  });

  it('generates the JWT secret once into DATA_DIR, readable only by its owner', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rackside-config-'));
    dirs.push(dir);
    const first = loadConfig({ DATA_DIR: join(dir, 'data') });
    const second = loadConfig({ DATA_DIR: join(dir, 'data') });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    const file = join(dir, 'data', 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.JWT_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: join(dir, 'data'), JWT_SECRET: 'x'.repeat(40) }).JWT_SECRET).toBe('x'.repeat(40));
  });

  it('keeps everything in memory with DATA_DIR=:memory:', () => {
    const a = loadConfig({ DATA_DIR: IN_MEMORY });
    expect(a.DATA_DIR).toBe(IN_MEMORY);
    expect(loadConfig({ DATA_DIR: IN_MEMORY }).JWT_SECRET).not.toBe(a.JWT_SECRET);
  });
});
