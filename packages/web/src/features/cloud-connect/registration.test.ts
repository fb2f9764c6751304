import { describe, expect, it } from 'vitest';
import { IDLE, registrationStep, type CloudStatus, type RegistrationState } from './registration';
import { DEFAULT_DEV_ENDPOINT, detectDevCloud, regionsFor } from './regions';

const running = (before: CloudStatus | undefined): RegistrationState => ({
  phase: 'running',
  before,
  sawRegistering: false,
});
const walk = (state: RegistrationState, ...statuses: CloudStatus[]) =>
  statuses.reduce((s, status) => registrationStep(s, { status, registrationToken: 'tok' }), state);

describe('device-to-cloud registration (spec 1 §4)', () => {
  it('succeeds on Registered or Connected and fails on Failed, after Registering', () => {
    expect(walk(running('Unregistered'), 'Registering', 'Registered').phase).toBe('success');
    expect(walk(running('Unregistered'), 'Registering', 'Connected').phase).toBe('success');
    expect(walk(running('Unregistered'), 'Registering', 'Failed').phase).toBe('error');
    expect(walk(running('Unregistered'), 'Registering').phase).toBe('running');
  });

  it('does not take the outcome of an earlier registration for this one', () => {
    expect(walk(running('Registered'), 'Registered').phase).toBe('running');
    expect(walk(running('Failed'), 'Failed').phase).toBe('running');
    expect(walk(running('Registered'), 'Registering', 'Registered').phase).toBe('success');
    expect(walk(running('Failed'), 'Registering', 'Failed').phase).toBe('error');
    // a registration so quick that Registering was never seen: the amp cleared the single-use token
    expect(registrationStep(running('Registered'), { status: 'Registered', registrationToken: '' }).phase).toBe(
      'success',
    );
  });

  it('leaves idle, success and error alone', () => {
    expect(walk(IDLE, 'Registering', 'Registered')).toBe(IDLE);
    expect(walk({ phase: 'error' }, 'Registered').phase).toBe('error');
  });
});

describe('cloud regions (spec 1 §5)', () => {
  it('hides the development and test regions outside development mode; endpoints end in /api/devices/register', () => {
    expect(regionsFor(false).map((r) => r.id)).toEqual(['us', 'cn']);
    expect(regionsFor(true).map((r) => r.id)).toEqual(['us', 'cn', 'dev', 'test']);
    for (const r of regionsFor(true)) expect(r.endpoint).toMatch(/^https?:\/\/[^/]+\/api\/devices\/register$/);
    expect(
      regionsFor(true)
        .filter((r) => r.chinaNote)
        .map((r) => r.id),
    ).toEqual(['cn']);
  });

  it('points the development and test regions at the given endpoint, and only them', () => {
    const endpoint = 'http://127.0.0.1:8495/api/devices/register';
    const regions = regionsFor(true, endpoint);
    expect(regions.filter((r) => r.devOnly).map((r) => r.endpoint)).toEqual([endpoint, endpoint]);
    expect(regions.filter((r) => !r.devOnly)).toEqual(regionsFor(false));
    expect(regionsFor(true).find((r) => r.id === 'dev')?.endpoint).toBe(DEFAULT_DEV_ENDPOINT);
    expect(regionsFor(false, endpoint).map((r) => r.id)).toEqual(['us', 'cn']);
  });
});

describe('development mode (spec 1 §5)', () => {
  const page = (head: string) => new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');
  const TAG = 'http://127.0.0.1:8495/api/devices/register';

  it('is the Vite dev server or a page served by an amp started with a development cloud', () => {
    expect(detectDevCloud(page(''), false)).toEqual({ developmentMode: false, endpoint: DEFAULT_DEV_ENDPOINT });
    expect(detectDevCloud(page(''), true)).toEqual({ developmentMode: true, endpoint: DEFAULT_DEV_ENDPOINT });
    expect(detectDevCloud(undefined, false)).toEqual({ developmentMode: false, endpoint: DEFAULT_DEV_ENDPOINT });
    const tagged = page(`<meta name="rackside-dev-cloud" content="${TAG}">`);
    expect(detectDevCloud(tagged, false)).toEqual({ developmentMode: true, endpoint: TAG });
    expect(detectDevCloud(tagged, true)).toEqual({ developmentMode: true, endpoint: TAG });
  });

  it('ignores a tag that names no http(s) URL', () => {
    for (const content of ['', 'not a url', 'javascript:alert(1)', 'ftp://127.0.0.1/api/devices/register'])
      expect(detectDevCloud(page(`<meta name="rackside-dev-cloud" content="${content}">`), false)).toEqual({
        developmentMode: false,
        endpoint: DEFAULT_DEV_ENDPOINT,
      });
  });
});
