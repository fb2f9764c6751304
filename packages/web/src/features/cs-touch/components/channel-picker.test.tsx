import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pseudo, pseudoResources } from '../../../testing/pseudo-locale';
import { expectOnlyTranslated } from '../../../testing/pseudo-check';
import { renderInProviders } from '../../../testing/render-in-providers';
import type { AmpChannelRef } from '../store/touch-editor-slice';
import { ChannelPicker } from './channel-picker';
import { AMPS, BASE, STAGE_LEFT, STAGE_RIGHT, renderGroups, volumeGroup } from './group-editor.test-utils';

const ref = (amp: typeof STAGE_LEFT, channel: number): AmpChannelRef => ({
  ipAddress: amp.ipAddress,
  macAddress: amp.macAddress,
  channel,
});

describe('channel picker (spec 3 §5)', () => {
  it('lists every channel of every amp and reports the whole selection in amp order', async () => {
    const onChange = vi.fn();
    const { user } = renderInProviders(
      <ChannelPicker
        label="Channels"
        amps={AMPS}
        selected={[ref(STAGE_RIGHT, 2), ref(STAGE_LEFT, 3)]}
        onChange={onChange}
      />,
    );
    const picker = screen.getByRole('group', { name: 'Channels' });
    expect(within(picker).getAllByRole('checkbox')).toHaveLength(8);
    expect(within(picker).getByText('704D · 192.168.1.22')).toBeInTheDocument();
    expect(within(picker).getAllByText('offline')).toHaveLength(1);
    await user.click(within(picker).getByRole('checkbox', { name: 'Stage Left channel 1' }));
    expect(onChange).toHaveBeenLastCalledWith([ref(STAGE_LEFT, 1), ref(STAGE_LEFT, 3), ref(STAGE_RIGHT, 2)]);
    await user.click(within(picker).getByRole('checkbox', { name: 'Stage Right channel 2' }));
    expect(onChange).toHaveBeenLastCalledWith([ref(STAGE_LEFT, 3)]);
  });

  it('offers only the channels given; a disabled channel stays removable when selected', async () => {
    const onChange = vi.fn();
    const { user } = renderInProviders(
      <ChannelPicker
        label="Channels"
        amps={AMPS}
        selected={[ref(STAGE_LEFT, 2)]}
        only={[ref(STAGE_LEFT, 1), ref(STAGE_LEFT, 2)]}
        disabled={() => true}
        disabledHint="Taken"
        onChange={onChange}
      />,
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Stage Left channel 1' })).toBeDisabled();
    const two = screen.getByRole('checkbox', { name: 'Stage Left channel 2' });
    expect(two).toBeEnabled();
    await user.click(two);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('says so when there is no amp to pick from', () => {
    renderInProviders(<ChannelPicker label="Channels" amps={[]} selected={[]} onChange={() => {}} />);
    expect(screen.getByText(/No amplifiers found/)).toBeInTheDocument();
  });

  it('has no hard-coded strings in the group list and the forms (pseudo-locale)', async () => {
    const config = {
      name: 'Lobby',
      groups: [volumeGroup('Bar', { '1': -3 }, ['Left']), volumeGroup('Patio')],
    };
    const data = ['Bar', 'Left', 'Patio', 'Stage Left', 'Stage Right', 'Lobby', '-3', '80'];
    const view = renderGroups(`${BASE}/group/0/0`, config, { resources: pseudoResources() });
    await screen.findByRole('group', { name: pseudo('Channels') });
    expectOnlyTranslated(data);
    view.unmount();
    renderGroups(`${BASE}/group/1`, config, { resources: pseudoResources() });
    await screen.findByRole('slider', { name: pseudo('Range') });
    expectOnlyTranslated(data);
  });
});
