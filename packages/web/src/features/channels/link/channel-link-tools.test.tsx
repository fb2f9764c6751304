import { act, screen, waitFor, within } from '@testing-library/react';
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

const SUB_LEFT = '10.0.0.2';
const SUB_RIGHT = '10.0.0.3';
const SMALL = '10.0.0.4';
/** Three CDS-508s (the third not connected) and a four-channel 704D. */
const rack = () =>
  devicesWith([
    { ip: AMP, name: 'Main', model: 'CDS-508' },
    { ip: SUB_LEFT, name: 'Sub Left', model: 'CDS-508' },
    { ip: SUB_RIGHT, name: 'Sub Right', model: 'CDS-508', connection: 'CONNECTING', everConnected: true },
    { ip: SMALL, name: 'Small', model: '704D' },
  ]);

describe('linked channels and block copies in the channel view (issue 18)', () => {
  afterEach(() => {
    linkStore.unlink(AMP);
    for (const amp of [AMP, SUB_LEFT, SUB_RIGHT, SMALL]) linkStore.unlinkAcross(amp);
  });

  it('links channel 7 with the same channel of another amp: a write goes to both, each amp as its own write', async () => {
    setViewportWidth(1000);
    const manager = groupManager();
    const { user } = renderApp({
      path: `/amps/${AMP}/channels/7/inputs`,
      preloaded: { devices: rack() },
      manager,
    });
    await user.click(await screen.findByRole('button', { name: 'Link channels' }, LAZY));
    const dialog = screen.getByRole('dialog', { name: 'Link channels' });
    const across = within(dialog).getByRole('group', { name: 'Same channel on other amps' });
    // connected amps with a channel 7 only: not Sub Right (not connected), not the four-channel amp
    expect(
      within(across)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Sub Left']);
    expect(within(dialog).getByRole('button', { name: 'Link' })).toBeDisabled();
    await user.click(within(across).getByRole('checkbox', { name: 'Sub Left' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    const column = screen.getByRole('region', { name: 'Channel 7: Channel 7' });
    expect(within(column).getByText('Linked: Ch 7 on Sub Left')).toBeInTheDocument();
    expect(linkStore.linksOf(SUB_LEFT).across).toEqual({ 7: [AMP] });
    // the linked amp's whole tree is subscribed while linked (its locks, and the values its undo puts back)
    expect(manager.openDetail).toHaveBeenCalledWith(SUB_LEFT);

    await user.click(within(column).getByRole('switch', { name: 'Mute' }));
    expect(manager.set).toHaveBeenCalledWith(AMP, '/amp/channels/7/output', { mute: true });
    await waitFor(() =>
      expect(manager.setGroup).toHaveBeenCalledWith(SUB_LEFT, [
        { url: '/amp/channels/7/output', params: { mute: true } },
      ]),
    );
    expect(manager.setGroup).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // an amp linked while it was connected, now not: left out and named
    act(() => linkStore.linkAcross(AMP, 7, [SUB_LEFT, SUB_RIGHT]));
    expect(within(column).getByText('Linked: Ch 7 on Sub Left, Sub Right')).toBeInTheDocument();
    await user.click(within(column).getByRole('switch', { name: 'Mute' }));
    expect(
      await screen.findByText('Not changed on Sub Right, channel 7: the amp is not connected', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(manager.setGroup).toHaveBeenCalledTimes(2);
    // (the fake manager changes nothing on the amp: the switch writes 'muted' again)
    expect(manager.setGroup).toHaveBeenLastCalledWith(SUB_LEFT, [
      { url: '/amp/channels/7/output', params: { mute: true } },
    ]);

    await user.click(within(column).getByRole('button', { name: 'Unlink channel 7 from Sub Left, Sub Right' }));
    expect(screen.queryByText(/^Linked:/)).not.toBeInTheDocument();
    // this amp left the link; the two others stay linked with each other
    expect(linkStore.linksOf(SUB_LEFT).across).toEqual({ 7: [SUB_RIGHT] });
    await user.click(within(column).getByRole('switch', { name: 'Mute' }));
    expect(manager.set).toHaveBeenCalledTimes(3);
    expect(manager.setGroup).toHaveBeenCalledTimes(2);
  });

  it('links channels of the amp and the same channel of another: one group here, one there, named in the chip', async () => {
    setViewportWidth(1000);
    const manager = groupManager();
    const { user } = renderApp({ path: `/amps/${AMP}/channels/1/inputs`, preloaded: { devices: rack() }, manager });
    await user.click(await screen.findByRole('button', { name: 'Link channels' }, LAZY));
    const dialog = screen.getByRole('dialog', { name: 'Link channels' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Channel 2: Channel 2' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Small' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    const column = screen.getByRole('region', { name: 'Channel 1: Channel 1' });
    expect(within(column).getByText('Linked: 1, 2 · Ch 1 on Small')).toBeInTheDocument();

    await user.click(within(column).getByRole('switch', { name: 'Mute' }));
    await waitFor(() => expect(manager.setGroup).toHaveBeenCalledTimes(2));
    expect(manager.setGroup).toHaveBeenCalledWith(AMP, [
      { url: '/amp/channels/1/output', params: { mute: true } },
      { url: '/amp/channels/2/output', params: { mute: true } },
    ]);
    expect(manager.setGroup).toHaveBeenCalledWith(SMALL, [{ url: '/amp/channels/1/output', params: { mute: true } }]);

    await user.click(screen.getByRole('button', { name: 'Link channels' }));
    const again = screen.getByRole('dialog', { name: 'Link channels' });
    expect(within(again).getByRole('checkbox', { name: 'Small' })).toBeChecked();
    await user.click(within(again).getByRole('button', { name: 'Unlink all' }));
    expect(screen.queryByText(/^Linked:/)).not.toBeInTheDocument();
    expect(linkStore.linksOf(SMALL).across).toEqual({});
  });

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
    expect(
      await screen.findByText('Not changed on linked channel 3: the amp refused the change', {}, { timeout: 5000 }),
    ).toBeInTheDocument();

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
