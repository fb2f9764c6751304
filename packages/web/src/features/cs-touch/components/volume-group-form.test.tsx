import type { VolumeGroup } from '@rackside/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BASE, STAGE_LEFT, renderGroups, volumeGroup } from './group-editor.test-utils';

const config = {
  name: 'Lobby',
  groups: [
    volumeGroup('Bar', { '1': 0, '2': -3 }),
    volumeGroup('Patio', { '3': -6 }),
    { type: 'sourceSelect' as const, name: 'Inputs', states: [{ name: 'Day', sources: [] }] },
  ],
};
const patio = (view: ReturnType<typeof renderGroups>) => view.config()?.groups[1] as VolumeGroup;

describe('volume group form (spec 3 §5)', () => {
  it('shows the range slider from 0 to 80 dB, 80 by default, in steps of 0.1', async () => {
    const view = renderGroups(`${BASE}/group/1`, config);
    const slider = await screen.findByRole('slider', { name: 'Range' });
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '80');
    expect(slider).toHaveAttribute('aria-valuenow', '80');
    expect(slider).toHaveAttribute('aria-valuetext', '80 dB');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(patio(view).range).toBe(79.9);
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(patio(view).range).toBe(0);
    expect(screen.getByRole('spinbutton', { name: 'Range' })).toHaveValue(0);
  });

  it('refuses a range past 80 dB typed in', async () => {
    const view = renderGroups(`${BASE}/group/1`, config);
    const field = await screen.findByRole('spinbutton', { name: 'Range' });
    await view.user.clear(field);
    await view.user.type(field, '81');
    expect(await screen.findByText('Enter a value from 0 to 80 dB')).toBeInTheDocument();
    expect(patio(view).range).not.toBe(81);
    await view.user.clear(field);
    await view.user.type(field, '42.5');
    expect(patio(view).range).toBe(42.5);
    expect(screen.getByRole('slider', { name: 'Range' })).toHaveAttribute('aria-valuenow', '42.5');
  });

  it('renames the group, refusing an empty name and one of 51 characters', async () => {
    const view = renderGroups(`${BASE}/group/1`, config);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await view.user.clear(name);
    expect(screen.getByText('Enter a name of 1 to 50 characters')).toBeInTheDocument();
    expect(patio(view).name).toBe('Patio');
    // 50 characters at once; the 51st is typed
    await view.user.paste('x'.repeat(50));
    expect(screen.queryByText('Enter a name of 1 to 50 characters')).not.toBeInTheDocument();
    expect(patio(view).name).toBe('x'.repeat(50));
    await view.user.type(name, 'y');
    expect(name).toHaveValue(`${'x'.repeat(50)}y`);
    expect(screen.getByText('Enter a name of 1 to 50 characters')).toBeInTheDocument();
    expect(patio(view).name).toBe('x'.repeat(50));
  });

  it('disables in the picker the channels of other volume groups, with the reason', async () => {
    const view = renderGroups(`${BASE}/group/1`, config);
    const picker = await screen.findByRole('group', { name: 'Amplifier channels' });
    const ch1 = within(picker).getByRole('checkbox', { name: 'Stage Left channel 1' });
    expect(ch1).toBeDisabled();
    expect(ch1).toHaveAccessibleDescription('Used by another volume group');
    expect(within(picker).getByRole('checkbox', { name: 'Stage Left channel 3' })).toBeChecked();
    expect(within(picker).getByRole('checkbox', { name: 'Stage Right channel 1' })).toBeEnabled();
    expect(within(picker).getByText('offline')).toBeInTheDocument();

    await view.user.click(within(picker).getByRole('checkbox', { name: 'Stage Left channel 4' }));
    expect(patio(view).amps[0]?.channels).toEqual({ '3': { offset: -6 }, '4': { offset: 0 } });
    expect(screen.getByRole('spinbutton', { name: 'Stage Left channel 4 offset' })).toHaveValue(0);
  });

  it('sets a channel offset from -80 to 0 dB and refuses -81', async () => {
    const view = renderGroups(`${BASE}/group/1`, config);
    const offset = await screen.findByRole('spinbutton', { name: 'Stage Left channel 3 offset' });
    expect(offset).toHaveValue(-6);
    await view.user.clear(offset);
    await view.user.type(offset, '-81');
    expect(await screen.findByText('Enter a value from -80 to 0 dB')).toBeInTheDocument();
    expect(patio(view).amps[0]?.channels['3']?.offset).not.toBe(-81);

    fireEvent.change(offset, { target: { value: '-12.5' } });
    expect(screen.queryByText('Enter a value from -80 to 0 dB')).not.toBeInTheDocument();
    expect(patio(view).amps[0]?.channels['3']?.offset).toBe(-12.5);
    fireEvent.change(offset, { target: { value: '1' } });
    expect(screen.getByText('Enter a value from -80 to 0 dB')).toBeInTheDocument();
    expect(patio(view).amps[0]?.channels['3']?.offset).toBe(-12.5);
  });

  it('shows an amp the configuration names that is not found, so that its channels can be removed', async () => {
    const lost = { ipAddress: '192.168.1.99', macAddress: '00:11:22:33:44:99', channels: { '2': { offset: 0 } } };
    const view = renderGroups(`${BASE}/group/0`, {
      name: 'Lobby',
      groups: [{ ...volumeGroup('Bar', { '1': 0 }), amps: [...volumeGroup('Bar', { '1': 0 }).amps, lost] }],
    });
    const picker = await screen.findByRole('group', { name: 'Amplifier channels' });
    expect(within(picker).getByText('not found')).toBeInTheDocument();
    const gone = within(picker).getByRole('checkbox', { name: '192.168.1.99 channel 2' });
    expect(gone).toBeChecked();
    await view.user.click(gone);
    expect((view.config()?.groups[0] as VolumeGroup).amps).toEqual([
      { ipAddress: STAGE_LEFT.ipAddress, macAddress: STAGE_LEFT.macAddress, channels: { '1': { offset: 0 } } },
    ]);
    await waitFor(() => expect(within(picker).queryByText('not found')).not.toBeInTheDocument());
  });

  it('lists the subgroups and adds one', async () => {
    const view = renderGroups(`${BASE}/group/0`, {
      name: 'Lobby',
      groups: [volumeGroup('Bar', { '1': 0, '2': 0 }, ['Left'])],
    });
    const form = await screen.findByRole('region', { name: 'Bar' });
    expect(within(form).getByRole('link', { name: 'Left' })).toHaveAttribute('href', `${BASE}/group/0/0`);
    await view.user.click(within(form).getByRole('button', { name: 'Add volume subgroup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add volume subgroup' });
    await view.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Right');
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Stage Left channel 2' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/0/1`));
    expect((view.config()?.groups[0] as VolumeGroup).subGroups[1]).toEqual({
      name: 'Right',
      amps: [{ ipAddress: STAGE_LEFT.ipAddress, macAddress: STAGE_LEFT.macAddress, channels: [2] }],
    });
  });
});
