import { vi } from 'vitest';
import type { DeviceManager, VerifyResult } from '../device';

/** A DeviceManager whose calls a test can inspect and steer. */
export function fakeManager(verify: VerifyResult = 'ok') {
  const release = vi.fn();
  return {
    release,
    openDetail: vi.fn<(ampId: string) => () => void>(() => release),
    reconnect: vi.fn<(ampId: string) => void>(),
    set: vi.fn<(ampId: string, url: string, params: Record<string, unknown>) => Promise<void>>(() => Promise.resolve()),
    verifyPassword: vi.fn<(password: string) => Promise<VerifyResult>>(() => Promise.resolve(verify)),
  } satisfies DeviceManager & { release: unknown };
}
export type FakeManager = ReturnType<typeof fakeManager>;
