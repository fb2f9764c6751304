import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MUTE_ALL_OVERRIDE_MS, UAC_LEVELS, UAC_PERMISSIONS } from '@rackside/protocol';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../../shared/ui/value-slider.test-utils';
import { channelOf, fixture, type Fixture } from '../channels.test-utils';
import type { ChannelTab } from '../types';
import { ChannelView } from './channel-view';

function renderView(p: Fixture, options: { tab?: ChannelTab; width?: number } = {}) {
  const onTabChange = vi.fn<(tab: ChannelTab) => void>();
  const onChannelChange = vi.fn<(n: number) => void>();
  const view = renderWithI18n(
    <ChannelView
      {...p}
      tab={options.tab ?? 'inputs'}
      width={options.width ?? 1000}
      onTabChange={onTabChange}
      onChannelChange={onChannelChange}
    />,
  );
  return { ...view, onTabChange, onChannelChange };
}

const columns = () =>
  screen.getAllByRole('region', { name: /^Channel \d+: / }).map((r) => r.getAttribute('aria-label'));
const pager = () => screen.getByRole('navigation', { name: 'Channels' });

describe('channel view (spec 2 §2)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the tabs in spec order, Input EQ only on models that have it', () => {
    const { unmount } = renderView(fixture('CDS-508-ADSP'));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Inputs',
      'Settings',
      'Signal generator',
      'Input EQ',
      'Crossover',
      'Equalizer',
      'Limiter',
      'Load monitor',
    ]);
    unmount();
    renderView(fixture('352N'));
    expect(screen.queryByRole('tab', { name: 'Input EQ' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(7);
  });

  it('Input EQ shows Inputs on a model without it', () => {
    renderView(fixture('352N'), { tab: 'input-eq' });
    expect(screen.getByRole('tab', { name: 'Inputs' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Inputs');
  });

  it('reports a tab change', async () => {
    const user = userEvent.setup();
    const { onTabChange } = renderView(fixture('704D'));
    await user.click(screen.getByRole('tab', { name: 'Limiter' }));
    expect(onTabChange).toHaveBeenLastCalledWith('limiter');
  });

  it('shows 1 channel below 1120 px, 2 from 1120 px, 4 from 1820 px when there are 4', () => {
    const p = fixture('704D');
    const { unmount } = renderView(p, { width: 1119 });
    expect(columns()).toEqual(['Channel 1: Channel 1']);
    unmount();
    const two = renderView(p, { width: 1120 });
    expect(columns()).toEqual(['Channel 1: Channel 1', 'Channel 2: Channel 2']);
    two.unmount();
    const four = renderView(p, { width: 1820 });
    expect(columns()).toHaveLength(4);
    four.unmount();
    renderView(fixture('352N'), { width: 1900 });
    expect(columns()).toHaveLength(2);
  });

  it('starts the window at the selected channel, clamped to the end', () => {
    renderView(fixture('704D', { channel: 4 }), { width: 1200 });
    expect(columns()).toEqual(['Channel 3: Channel 3', 'Channel 4: Channel 4']);
    const buttons = within(pager()).getAllByRole('button', { name: /^Channel / });
    expect(buttons.map((b) => b.textContent)).toEqual(['1', '2', '3', '4']);
    expect(within(pager()).getByRole('button', { name: 'Channel 4' })).toHaveAttribute('aria-current', 'true');
  });

  it('pages with wrapping previous/next arrows and the numbered buttons', async () => {
    const user = userEvent.setup();
    const first = renderView(fixture('704D', { channel: 1 }));
    await user.click(within(pager()).getByRole('button', { name: 'Previous channel' }));
    expect(first.onChannelChange).toHaveBeenLastCalledWith(4);
    await user.click(within(pager()).getByRole('button', { name: 'Channel 3' }));
    expect(first.onChannelChange).toHaveBeenLastCalledWith(3);
    first.unmount();
    const last = renderView(fixture('704D', { channel: 4 }));
    await user.click(within(pager()).getByRole('button', { name: 'Next channel' }));
    expect(last.onChannelChange).toHaveBeenLastCalledWith(1);
  });

  it('fixes the pager at the bottom on narrow screens', () => {
    const { unmount } = renderView(fixture('704D'), { width: 600 });
    expect(pager()).toHaveStyle({ position: 'fixed' });
    unmount();
    renderView(fixture('704D'), { width: 1000 });
    expect(pager()).not.toHaveStyle({ position: 'fixed' });
  });

  it('says when the channel does not exist', () => {
    renderView(fixture('352N', { channel: 3 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Channel not found');
  });

  it('shows the signal generator once for the amp, not per column', () => {
    renderView(fixture('704D'), { tab: 'signal-generator', width: 1900 });
    expect(screen.getAllByRole('combobox', { name: 'Type' })).toHaveLength(1);
    expect(screen.getAllByRole('slider', { name: 'Generator level' })).toHaveLength(4);
  });

  it('badges the Crossover tab when a custom FIR is active', () => {
    const { unmount } = renderView(fixture('CDS-508-ADSP'));
    expect(screen.getByRole('tab', { name: 'Crossover' })).toBeInTheDocument();
    unmount();
    renderView(
      fixture('CDS-508-ADSP', { edit: (s) => void (channelOf(s).crossover.lowPassFilter.customFirCoeffs = '1,0.5') }),
    );
    const tab = screen.getByRole('tab', { name: 'Crossover (custom FIR active)' });
    expect(tab).toHaveTextContent('CrossoverFIR');
  });

  it('heads each column with name, status, mute, fader and level', async () => {
    const user = userEvent.setup();
    const p = fixture('704D');
    renderView(p);
    const column = screen.getByRole('region', { name: 'Channel 1: Channel 1' });
    expect(within(column).getByText('Status: OK')).toBeInTheDocument();
    expect(within(column).getByRole('meter', { name: 'Level' })).toBeInTheDocument();
    await user.click(within(column).getByRole('switch', { name: 'Mute' }));
    expect(p.write).toHaveBeenLastCalledWith('/amp/channels/1/output', { mute: true });
    expect(within(column).getByRole('slider', { name: 'Fader' })).toBeInTheDocument();
  });

  it('checks the named permissions for the output fader and mute (spec 2 §6)', () => {
    const access = (k: string) =>
      k === UAC_PERMISSIONS.channelOutputGain
        ? UAC_LEVELS.Locked
        : k === UAC_PERMISSIONS.channelOutputMute
          ? UAC_LEVELS.Readonly
          : UAC_LEVELS.Write;
    renderView(fixture('704D', { access }));
    const column = screen.getByRole('region', { name: 'Channel 1: Channel 1' });
    expect(within(column).queryByRole('slider', { name: 'Fader' })).not.toBeInTheDocument();
    expect(within(column).getByRole('switch', { name: 'Mute' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mute all' })).toBeDisabled();
  });
});

describe('mute all (spec 2 §2, §4)', () => {
  it('mutes every channel and counts muted channels', async () => {
    const user = userEvent.setup();
    const p = fixture('704D', { edit: (s) => void (channelOf(s, 2).output.mute = true) });
    renderView(p);
    expect(screen.getByText('1/4 muted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mute all' }));
    expect(p.write).toHaveBeenCalledTimes(4);
    for (const n of [1, 2, 3, 4]) expect(p.write).toHaveBeenCalledWith(`/amp/channels/${n}/output`, { mute: true });
  });

  it('unmutes when all are muted', async () => {
    const user = userEvent.setup();
    const p = fixture('352N', { edit: (s) => Object.values(s.channels).forEach((c) => (c.output.mute = true)) });
    renderView(p);
    await user.click(screen.getByRole('button', { name: 'Unmute all' }));
    expect(p.write).toHaveBeenCalledWith('/amp/channels/2/output', { mute: false });
  });

  it('in cloud mode the local count overrides the server’s for 15 s', () => {
    vi.useFakeTimers();
    renderView(fixture('704D', { cloud: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Mute all' }));
    expect(screen.getByText('4/4 muted')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(MUTE_ALL_OVERRIDE_MS - 1));
    expect(screen.getByText('4/4 muted')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByText('0/4 muted')).toBeInTheDocument();
  });

  it('locally the count follows the amp', () => {
    renderView(fixture('704D'));
    fireEvent.click(screen.getByRole('button', { name: 'Mute all' }));
    expect(screen.getByText('0/4 muted')).toBeInTheDocument();
  });
});

describe('a Faulted channel in its header (issue 18)', () => {
  it('names the reason the amp logged and links to the Faults page; a channel that is Ok shows none', () => {
    const p = fixture('704D', {
      edit: (s) => {
        channelOf(s, 2).output.status = 'Faulted';
        channelOf(s, 2).output.name = 'A very long channel name that must wrap instead of pushing the columns';
      },
    });
    renderWithI18n(
      <MemoryRouter>
        <ChannelView
          {...p}
          faultsLog={
            '2026-11-27T08:00:00.000Z Channel 2: load short\n2026-11-27T08:00:01.000Z Channel 1: load open cleared'
          }
          tab="settings"
          width={1600}
          onTabChange={() => undefined}
          onChannelChange={() => undefined}
        />
      </MemoryRouter>,
    );
    const ch2 = screen.getByRole('region', { name: /^Channel 2: / });
    const link = within(ch2).getByRole('link', { name: 'Fault: load short' });
    expect(link).toHaveAttribute('href', `/amps/${p.ampId}/faults`);
    expect(within(screen.getByRole('region', { name: /^Channel 1: / })).queryByRole('link')).not.toBeInTheDocument();
  });
});
