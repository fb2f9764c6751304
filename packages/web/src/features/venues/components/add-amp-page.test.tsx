import { COPY_TOAST_MS } from '@rackside/protocol';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { venueRoutes } from '../../../testing/cloud-venues';
import { cloudError, fakeCloud } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

let n = 0;
const api = (token: 'ok' | 'fail' = 'ok') =>
  fakeCloud({
    ...venueRoutes([{ venueId: 'v1', name: 'Arena' }]),
    'POST /venues/v1/devices/registrationToken':
      token === 'ok'
        ? () => ({ body: { registrationToken: `token-${++n}`, expiresAt: '2030-01-01T00:00:00Z' } })
        : cloudError(500, 'Unknown'),
  });

/** user-event puts a clipboard stub on navigator when a render sets it up: replace it after rendering. */
const clipboard = (value: { writeText: (text: string) => Promise<void> } | undefined) =>
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value });

afterEach(() => {
  vi.useRealTimers();
  clipboard(undefined);
});

describe('Add Amp (spec 1 §2)', () => {
  it('fetches a token on entry, shows the illustrations and instructions, and drops the token on leaving', async () => {
    const cloud = api();
    const { router } = renderCloud('/venues/v1/add', { cloudApi: cloud });
    clipboard(undefined); // a browser without a clipboard: no copy button
    const field = await screen.findByLabelText('Registration token');
    await waitFor(() => expect((field as HTMLInputElement).value).toMatch(/^token-\d+$/));
    expect(
      screen.getByRole('img', { name: "The amp's network page, where its IP address is shown" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "The amp's web page with the Connect button" })).toBeInTheDocument();
    expect(screen.getByText(/Paste the token under Connect Amp/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    const first = (field as HTMLInputElement).value;
    await act(() => router.navigate('/venues/v1'));
    await act(() => router.navigate('/venues/v1/add'));
    const again = await screen.findByLabelText('Registration token');
    await waitFor(() => expect((again as HTMLInputElement).value).not.toBe(''));
    expect((again as HTMLInputElement).value).not.toBe(first);
  });

  it('copies the token with a toast that shows for 2 seconds', async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    renderCloud('/venues/v1/add', { cloudApi: api() });
    clipboard({ writeText });
    const field = await screen.findByLabelText('Registration token');
    await waitFor(() => expect((field as HTMLInputElement).value).not.toBe(''));
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith((field as HTMLInputElement).value);
    expect(screen.getByText('Token copied')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(COPY_TOAST_MS - 100));
    expect(screen.getByText('Token copied')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(100)); // 2 s: it starts hiding…
    act(() => void vi.advanceTimersByTime(2000)); // …and its exit transition ends
    expect(screen.queryByText('Token copied')).not.toBeInTheDocument();
  });

  it("says 'something went wrong' when no token can be had", async () => {
    renderCloud('/venues/v1/add', { cloudApi: api('fail') });
    expect(await screen.findByText('something went wrong')).toBeInTheDocument();
  });
});
