import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BASE, renderGroups, volumeGroup } from './group-editor.test-utils';

const config = {
  name: 'Lobby',
  groups: [volumeGroup('Bar', { '1': 0 }, ['Left'])],
};

describe('group detail routes (spec 3 §2)', () => {
  it('asks to select a group when there are groups and none is selected', async () => {
    renderGroups(BASE, config);
    expect(await screen.findByText('Select a group to edit it.')).toBeInTheDocument();
  });

  it('shows the volume group form and the subgroup form', async () => {
    const view = renderGroups(`${BASE}/group/0`, config);
    expect(await screen.findByRole('region', { name: 'Bar' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Left' }));
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/0/0`));
    expect(await screen.findByRole('region', { name: 'Left' })).toBeInTheDocument();
  });

  for (const bad of ['group/1', 'group/x', 'group/-1', 'group/0.5', 'group/0/y'])
    it(`goes back to the group area from ${bad}`, async () => {
      const view = renderGroups(`${BASE}/${bad}`, config);
      await waitFor(() => expect(view.path()).toBe(BASE));
    });

  it('goes to the parent group from a subgroup index past its subgroups', async () => {
    const view = renderGroups(`${BASE}/group/0/3`, config);
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/0`));
  });
});
