import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupWrite, GroupWriteOutcome } from '../../../device/undo/recorded-writes';
import { fakeManager } from '../../../testing/fake-manager';
import { devicesWith } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { setViewportWidth } from '../../../testing/viewport';
import { linkStore } from './link-store';

const AMP = '10.0.0.1';
// the channels page loads lazily (its own chunk): the first render in a run waits for the import
const LAZY = { timeout: 10_000 };
const fleet = (patch = {}) =>
  devicesWith([
    {
      ip: AMP,
      name: 'Main',
      model: 'CDS-508',
      patch: {
        amp: { channels: { '1': { outputEqFilters: { '2': { type: 'Parametric', gain: 6 } } } } },
        ...patch,
      },
    },
  ]);

/** A manager whose grouped writes are recorded; `refuse` channels answer with a refusal. */
function groupManager(refuse: readonly number[] = []) {
  const setGroup = vi.fn((_amp: string, writes: readonly GroupWrite[], onProgress?: (done: number) => void) => {
    writes.forEach((_, i) => onProgress?.(i + 1));
    return Promise.resolve(
      writes.map((w): GroupWriteOutcome => {
        const n = Number(/\/channels\/(\d+)/.exec(w.url)?.[1]);
        return refuse.includes(n) ? { ok: false, error: new Error('refused') } : { ok: true };
      }),
    );
  });
  return Object.assign(fakeManager(), { setGroup });
}

describe('linked channels and block copies in the channel view (issue 18)', () => {
  afterEach(() => linkStore.unlink(AMP));

  it('links channels from the dialog, fans a write out as one group, reports a refusing channel, and unlinks', async () => {
    setViewportWidth(1000);
    const manager = groupManager([3]);
    const { user } = renderApp({ path: `/amps/${AMP}/channels/1/inputs`, preloaded: { devices: fleet() }, manager });
    await user.click(await screen.findByRole('button', { name: 'Link channels' }, LAZY));
    const dialog = screen.getByRole('dialog', { name: 'Link channels' });
    expect(within(dialog).getByRole('checkbox', { name: 'Channel 1: Channel 1' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Link' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Channel 2: Channel 2' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Channel 3: Channel 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    const column = screen.getByRole('region', { name: 'Channel 1: Channel 1' });
    expect(within(column).getByText('Linked: 1, 2, 3')).toBeInTheDocument();

    await user.click(within(column).getByRole('switch', { name: 'Mute' }));
    expect(manager.setGroup).toHaveBeenCalledWith(AMP, [
      { url: '/amp/channels/1/output', params: { mute: true } },
      { url: '/amp/channels/2/output', params: { mute: true } },
      { url: '/amp/channels/3/output', params: { mute: true } },
    ]);
    expect(manager.set).not.toHaveBeenCalled();
    expect(await screen.findByText('Not changed on linked channel 3: the amp refused the change')).toBeInTheDocument();

    await user.click(within(column).getByRole('button', { name: 'Unlink channels 1, 2, 3' }));
    expect(screen.queryByText(/^Linked:/)).not.toBeInTheDocument();
    await user.click(within(column).getByRole('switch', { name: 'Mute' }));
    expect(manager.set).toHaveBeenCalledWith(AMP, '/amp/channels/1/output', { mute: true });
    expect(manager.setGroup).toHaveBeenCalledTimes(1);
  });

  it('copies the EQ of the shown channel: the preview lists what changes, Apply writes it as one group', async () => {
    setViewportWidth(1000);
    const manager = groupManager();
    const { user } = renderApp({ path: `/amps/${AMP}/channels/1/equalizer`, preloaded: { devices: fleet() }, manager });
    await user.click(await screen.findByRole('button', { name: 'Copy to channels…' }, LAZY));
    const dialog = screen.getByRole('dialog', { name: 'Copy channel 1 to other channels' });
    expect(within(dialog).queryByRole('checkbox', { name: /^Channel 1: / })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Choose the channels to copy to.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Channel 4: Channel 4' }));
    const table = within(dialog).getByRole('table', { name: 'What changes' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toContainEqual(['Ch 4', 'EQ band 2 gain', '0.0 → +6.0 dB']);
    expect(rows.every(([, setting]) => setting?.startsWith('EQ band 2 '))).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(manager.setGroup).toHaveBeenCalledTimes(1));
    const [, writes] = manager.setGroup.mock.calls[0]!;
    expect(writes).toEqual([
      { url: '/amp/channels/4/outputEqFilters/2', params: expect.objectContaining({ gain: 6 }) as unknown },
    ]);
    // the fake manager changes nothing on the amp: read back, channel 4 still differs
    expect(
      await within(dialog).findByText(/^Channel 4: \d+ settings still differ from channel 1$/, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('a guest on a protected amp sees Copy disabled, with the reason', async () => {
    setViewportWidth(1000);
    renderApp({
      path: `/amps/${AMP}/channels/1/inputs`,
      preloaded: { devices: fleet({ misc: { passwordProtected: true } }) },
    });
    const copy = await screen.findByRole('button', { name: 'Copy to channels…' }, LAZY);
    expect(copy).toBeDisabled();
    expect(copy).toHaveAccessibleDescription('Sign in to the amp to change its settings.');
  });
});
