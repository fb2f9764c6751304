import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPreviewStore, PREVIEW_LINGER_MS } from './preview-store';

describe('preview store', () => {
  afterEach(() => vi.useRealTimers());

  it('holds dragged values and tells its subscribers', () => {
    const store = createPreviewStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.set('/a', 1);
    store.set('/a', 1);
    expect(store.snapshot()).toEqual({ '/a': 1 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('lets a released value linger, then drops it', () => {
    vi.useFakeTimers();
    const store = createPreviewStore();
    store.set('/a', 2);
    store.set('/a', undefined);
    vi.advanceTimersByTime(PREVIEW_LINGER_MS - 1);
    expect(store.snapshot()).toEqual({ '/a': 2 });
    vi.advanceTimersByTime(1);
    expect(store.snapshot()).toEqual({});
  });

  it('a new drag keeps the value', () => {
    vi.useFakeTimers();
    const store = createPreviewStore();
    store.set('/a', 2);
    store.set('/a', undefined);
    store.set('/a', 3);
    vi.advanceTimersByTime(PREVIEW_LINGER_MS * 2);
    expect(store.snapshot()).toEqual({ '/a': 3 });
  });
});
