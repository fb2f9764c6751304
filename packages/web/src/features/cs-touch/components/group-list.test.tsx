import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BASE, renderGroups, volumeGroup } from './group-editor.test-utils';

const empty = { name: 'Lobby', groups: [] };
const three = {
  name: 'Lobby',
  groups: [
    volumeGroup('Bar'),
    { type: 'sourceSelect' as const, name: 'Inputs', states: [{ name: 'Day', sources: [] }] },
    volumeGroup('Patio', {}, ['Left', 'Right']),
  ],
};
const list = () => screen.getByRole('region', { name: 'Groups' });

describe('group list (spec 3 §2, §4)', () => {
  it('invites to start building the system when there is no group', async () => {
    renderGroups(BASE, empty);
    expect(await screen.findByText('Start building your system')).toBeInTheDocument();
    expect(screen.getByText('Create a group to add an amplifier.')).toBeInTheDocument();
    expect(screen.queryByText('Select a group to edit it.')).not.toBeInTheDocument();
  });

  it('adds a volume group and opens its route', async () => {
    const view = renderGroups(BASE, empty);
    await view.user.click(await screen.findByRole('button', { name: 'Add group' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Add volume group' }));
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/0`));
    const card = within(list()).getByRole('link', { name: /Volume group 1/ });
    expect(card).toHaveAttribute('aria-current', 'page');
    expect(view.config()?.groups[0]).toMatchObject({ type: 'volume', name: 'Volume group 1', range: 80 });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Volume group 1');
  });

  it('adds a source group with a first state and a free name', async () => {
    const view = renderGroups(BASE, three);
    await view.user.click(await screen.findByRole('button', { name: 'Add group' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Add source group' }));
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/3`));
    expect(view.config()?.groups[3]).toMatchObject({
      type: 'sourceSelect',
      name: 'Source group 2',
      states: [{ name: 'State 1', sources: [] }],
    });
  });

  it('moves the selected group and the route follows it; move-up disabled on the first, move-down on the last', async () => {
    const view = renderGroups(`${BASE}/group/0`, three);
    expect(await screen.findByRole('button', { name: 'Move Bar up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Patio down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Bar down' })).toBeEnabled();

    await view.user.click(screen.getByRole('button', { name: 'Move Bar down' }));
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/1`));
    expect(view.config()?.groups.map((g) => g.name)).toEqual(['Inputs', 'Bar', 'Patio']);
    expect(within(list()).getByRole('link', { name: /^Bar/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Move Inputs up' })).toBeDisabled();

    // the group swapped with the selected one moves, and the selection stays on Bar
    await view.user.click(screen.getByRole('button', { name: 'Move Patio up' }));
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/2`));
    expect(view.config()?.groups.map((g) => g.name)).toEqual(['Inputs', 'Patio', 'Bar']);
  });

  it('moves a selected subgroup and the route follows it', async () => {
    const view = renderGroups(`${BASE}/group/2/0`, three);
    expect(await screen.findByRole('button', { name: 'Move Left up' })).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: 'Move Left down' }));
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/2/1`));
    const patio = view.config()?.groups[2];
    expect(patio?.type === 'volume' && patio.subGroups.map((s) => s.name)).toEqual(['Right', 'Left']);
    expect(within(list()).getByRole('link', { name: /^Left/ })).toHaveAttribute('aria-current', 'page');
  });

  it('removes a group after the confirmation and goes back to the group area', async () => {
    const view = renderGroups(`${BASE}/group/0`, three);
    await view.user.click(await screen.findByRole('button', { name: 'More actions for Bar' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Remove volume group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bar?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.config()?.groups).toHaveLength(3);

    await view.user.click(screen.getByRole('button', { name: 'More actions for Bar' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Remove volume group' }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(view.path()).toBe(BASE));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.config()?.groups.map((g) => g.name)).toEqual(['Inputs', 'Patio']);
    expect(within(list()).queryByRole('link', { name: /^Bar/ })).not.toBeInTheDocument();
    expect(screen.getByText('Select a group to edit it.')).toBeInTheDocument();
  });

  it('offers Remove source group for a source group', async () => {
    const view = renderGroups(BASE, three);
    await view.user.click(await screen.findByRole('button', { name: 'More actions for Inputs' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Remove source group']);
  });

  it('removes a subgroup and goes to its parent group', async () => {
    const view = renderGroups(`${BASE}/group/2/1`, three);
    await view.user.click(await screen.findByRole('button', { name: 'More actions for Right' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Remove volume subgroup']);
    await view.user.click(screen.getByRole('menuitem', { name: 'Remove volume subgroup' }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/2`));
    const patio = view.config()?.groups[2];
    expect(patio?.type === 'volume' && patio.subGroups.map((s) => s.name)).toEqual(['Left']);
  });

  it('adds a volume subgroup from the card menu and opens it', async () => {
    const view = renderGroups(BASE, three);
    await view.user.click(await screen.findByRole('button', { name: 'More actions for Patio' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Add volume subgroup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add volume subgroup' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await view.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Front');
    await view.user.click(save);
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/2/2`));
    expect(within(list()).getByRole('link', { name: /^Front/ })).toHaveAttribute('aria-current', 'page');
  });

  it('selects a group with the keyboard', async () => {
    const view = renderGroups(BASE, three);
    const card = within(await screen.findByRole('region', { name: 'Groups' })).getByRole('link', { name: /^Inputs/ });
    card.focus();
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(view.path()).toBe(`${BASE}/group/1`));
    expect(card).toHaveAttribute('aria-current', 'page');
  });
});
