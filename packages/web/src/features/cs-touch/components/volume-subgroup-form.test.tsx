import type { VolumeGroup } from '@rackside/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BASE, STAGE_LEFT, renderGroups, volumeGroup } from './group-editor.test-utils';

const on = (...channels: number[]) => [
  { ipAddress: STAGE_LEFT.ipAddress, macAddress: STAGE_LEFT.macAddress, channels },
];
const config = {
  name: 'Lobby',
  groups: [
    {
      ...volumeGroup('Bar', { '1': 0, '2': 0, '3': 0, '4': 0 }),
      subGroups: [
        { name: 'Left', amps: on(1, 2) },
        { name: 'Right', amps: on(3) },
      ],
    },
  ],
};
const bar = (view: ReturnType<typeof renderGroups>) => view.config()?.groups[0] as VolumeGroup;

describe('volume subgroup form and dialog (spec 3 §3, §4, §5)', () => {
  it("offers the parent group's channels only, those of sibling subgroups disabled", async () => {
    const view = renderGroups(`${BASE}/group/0/1`, config);
    const picker = await screen.findByRole('group', { name: 'Channels' });
    expect(within(picker).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(picker).queryByRole('checkbox', { name: /Stage Right/ })).not.toBeInTheDocument();
    for (const n of [1, 2]) {
      const box = within(picker).getByRole('checkbox', { name: `Stage Left channel ${n}` });
      expect(box).toBeDisabled();
      expect(box).toHaveAccessibleDescription('Used by another subgroup of this volume group');
    }
    expect(within(picker).getByRole('checkbox', { name: 'Stage Left channel 3' })).toBeChecked();
    await view.user.click(within(picker).getByRole('checkbox', { name: 'Stage Left channel 4' }));
    expect(bar(view).subGroups[1]).toEqual({ name: 'Right', amps: on(3, 4) });
  });

  it('renames the subgroup in place; an empty name is refused', async () => {
    const view = renderGroups(`${BASE}/group/0/0`, config);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('maxlength', '60');
    await view.user.clear(name);
    expect(screen.getByText('Enter a name')).toBeInTheDocument();
    expect(bar(view).subGroups[0]?.name).toBe('Left');
    await view.user.type(name, 'Front');
    expect(bar(view).subGroups[0]).toEqual({ name: 'Front', amps: on(1, 2) });
    expect(screen.getByRole('link', { name: 'Volume subgroup of Bar' })).toHaveAttribute('href', `${BASE}/group/0`);
  });

  it('takes no more than 60 characters for a new subgroup name; Save needs a name', async () => {
    const view = renderGroups(`${BASE}/group/0`, config);
    await view.user.click(await screen.findByRole('button', { name: 'Add volume subgroup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add volume subgroup' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await view.user.type(name, 'n'.repeat(70));
    expect(name).toHaveValue('n'.repeat(60));
    expect(save).toBeEnabled();
    // in a new subgroup, every existing subgroup's channels are taken
    for (const n of [1, 2, 3])
      expect(within(dialog).getByRole('checkbox', { name: `Stage Left channel ${n}` })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Stage Left channel 4' })).toBeEnabled();
  });

  it('replaces the subgroup of the same name when adding, and opens it', async () => {
    const view = renderGroups(`${BASE}/group/0`, config);
    await view.user.click(await screen.findByRole('button', { name: 'Add volume subgroup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add volume subgroup' });
    await view.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Left');
    expect(within(dialog).getByText('A subgroup with this name exists: saving replaces it.')).toBeInTheDocument();
    // the channels of the subgroup replaced are free
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Stage Left channel 1' }));
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Stage Left channel 4' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/0/0`));
    expect(bar(view).subGroups).toEqual([
      { name: 'Left', amps: on(1, 4) },
      { name: 'Right', amps: on(3) },
    ]);
  });

  it('drops a subgroup channel when its parent group no longer has it', async () => {
    const view = renderGroups(`${BASE}/group/0`, config);
    const picker = await screen.findByRole('group', { name: 'Amplifier channels' });
    await view.user.click(within(picker).getByRole('checkbox', { name: 'Stage Left channel 3' }));
    expect(bar(view).subGroups[1]).toEqual({ name: 'Right', amps: [] });
  });
});
