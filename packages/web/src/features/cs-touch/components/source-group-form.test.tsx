import type { SourceSelectGroup, TouchConfiguration } from '@rackside/protocol';
import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectOnlyTranslated } from '../../../testing/pseudo-check';
import { pseudoResources } from '../../../testing/pseudo-locale';
import { SourceGroupForm } from './source-group-form';
import { LEFT, RIGHT, renderTouch, src } from './touch-sources.test-utils';

const bar: SourceSelectGroup = {
  type: 'sourceSelect',
  name: 'Bar',
  states: [
    { name: 'Radio', sources: [src(LEFT, 1, 'Analog 1'), src(RIGHT, 1, 'Analog 2')] },
    { name: 'TV', sources: [src(LEFT, 1, 'Dante 1'), src(RIGHT, 1, 'Analog 1')] },
  ],
};

const config = (first: SourceSelectGroup = bar): TouchConfiguration => ({
  name: 'Lobby',
  groups: [
    first,
    { type: 'sourceSelect', name: 'Lounge', states: [{ name: 'Music', sources: [src(LEFT, 2, 'Analog 2')] }] },
    {
      type: 'volume',
      name: 'Main',
      range: 80,
      amps: [{ ipAddress: LEFT.ip, macAddress: LEFT.mac, channels: { '3': { offset: 0 } } }],
      subGroups: [],
    },
  ],
});

const open = (first?: SourceSelectGroup) => {
  const view = renderTouch(<SourceGroupForm groupIndex={0} />, config(first));
  const group = () => view.config()?.groups[0] as SourceSelectGroup;
  return { ...view, group, stateNames: () => group().states.map((s) => s.name) };
};

describe('SourceGroupForm (spec 3 §4/§5)', () => {
  it('adds states up to 4, then disables Add state and says why', async () => {
    const { user, stateNames } = open();
    const add = screen.getByRole('button', { name: /^Add state$/ });
    expect(screen.queryByText('A source group holds at most 4 states')).not.toBeInTheDocument();
    await user.click(add);
    await user.click(add);
    expect(stateNames()).toEqual(['Radio', 'TV', 'State 3', 'State 4']);
    expect(add).toBeDisabled();
    expect(screen.getByText('A source group holds at most 4 states')).toBeVisible();
    // the new states select the same channels, on their first state's inputs
    expect(screen.getByRole('combobox', { name: /^Stage Right channel 1 source in State 4$/ })).toHaveTextContent(
      'Analog 2',
    );
  });

  it('reorders states with the arrows, disabled at the ends, the focus following the state', async () => {
    const { user, stateNames } = open();
    expect(screen.getByRole('button', { name: /^Move Radio up$/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Move TV down$/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /^Move Radio down$/ }));
    expect(stateNames()).toEqual(['TV', 'Radio']);
    expect(screen.getByRole('button', { name: /^Move Radio up$/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(stateNames()).toEqual(['Radio', 'TV']);
    expect(screen.getByRole('button', { name: /^Move Radio down$/ })).toHaveFocus();
  });

  it('renames a state; an empty or too long name is refused visibly and not applied', async () => {
    const { user, stateNames } = open();
    const name = screen.getByRole('textbox', { name: /^Name of state 2$/ });
    await user.clear(name);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name');
    expect(stateNames()).toEqual(['Radio', 'TV']);
    await user.type(name, 'Jukebox');
    expect(stateNames()).toEqual(['Radio', 'Jukebox']);
    expect(screen.getByRole('button', { name: /^Move Jukebox up$/ })).toBeEnabled();
    await user.paste('x'.repeat(50));
    expect(screen.getByRole('alert')).toHaveTextContent('At most 50 characters');
    expect(stateNames()).toEqual(['Radio', 'Jukebox']);
    await user.keyboard('{Escape}');
    expect(name).toHaveValue('Jukebox');
  });

  it('renames the group within 50 characters', async () => {
    const { user, group } = open();
    const name = screen.getByRole('textbox', { name: /^Group name$/ });
    await user.clear(name);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name');
    expect(group().name).toBe('Bar');
    await user.type(name, 'Terrace');
    expect(group().name).toBe('Terrace');
    await user.paste('y'.repeat(44));
    expect(screen.getByRole('alert')).toHaveTextContent('At most 50 characters');
    expect(group().name).toBe('Terrace');
  });

  it('deletes a state after confirmation', async () => {
    const { user, stateNames } = open();
    await user.click(screen.getByRole('button', { name: /^Delete TV$/ }));
    const dialog = screen.getByRole('dialog', { name: /Delete the state “TV”\?/ });
    await user.click(within(dialog).getByRole('button', { name: /^Cancel$/ }));
    await waitForElementToBeRemoved(dialog);
    expect(stateNames()).toEqual(['Radio', 'TV']);
    expect(screen.getByRole('button', { name: /^Delete TV$/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: /^Delete TV$/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Delete$/ }));
    expect(stateNames()).toEqual(['Radio']);
    await waitForElementToBeRemoved(screen.queryByRole('dialog'));
    expect(screen.getByRole('button', { name: /^Add state$/ })).toHaveFocus();
  });

  it("offers only the inputs of the amp's model for each channel", async () => {
    const { user, group } = open();
    await user.click(screen.getByRole('combobox', { name: /^Stage Right channel 1 source in Radio$/ }));
    const right = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(right).toEqual(['Analog 1', 'Analog 2']);
    await user.click(screen.getByRole('option', { name: 'Analog 1' }));
    expect(group().states[0]?.sources[1]?.source).toBe('Analog 1');
    await user.click(screen.getByRole('combobox', { name: /^Stage Left channel 1 source in TV$/ }));
    const left = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(left).toHaveLength(12);
    expect(left).toContain('Dante 8');
  });

  it("keeps a source the model does not offer (an imported file's) as the value, marked unavailable", () => {
    open({ ...bar, states: [{ name: 'Radio', sources: [src(RIGHT, 1, 'Dante 3')] }] });
    const select = screen.getByRole('combobox', { name: /^Stage Right channel 1 source in Radio$/ });
    expect(select).toHaveTextContent('Dante 3 (not offered by this amp)');
    expect(screen.getByText("This amp's model does not offer Dante 3: choose another input.")).toBeVisible();
  });

  it('disables the channels of other source groups; a picked channel starts on the first input', async () => {
    const { user, group } = open();
    expect(screen.getByRole('checkbox', { name: /^Stage Left channel 2$/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /^Stage Left channel 1$/ })).toBeChecked();
    // channel 3 is in a volume group: another kind, free here
    const three = screen.getByRole('checkbox', { name: /^Stage Left channel 3$/ });
    expect(three).toBeEnabled();
    await user.click(three);
    for (const state of group().states)
      expect(state.sources.find((s) => s.channel === 3)).toEqual(src(LEFT, 3, 'Analog 1'));
    await user.click(screen.getByRole('checkbox', { name: /^Stage Right channel 1$/ }));
    expect(group().states[0]?.sources.map((s) => s.channel)).toEqual([1, 3]);
  });

  it('disables the channel picker, with a hint, while the group has no state', async () => {
    const { user } = open({ ...bar, states: [] });
    expect(screen.getByRole('checkbox', { name: /^Stage Left channel 1$/ })).toBeDisabled();
    expect(screen.getByText('This group has no state yet. Add one, then pick the channels it switches.')).toBeVisible();
    expect(screen.getAllByText("Add a state first: the channels are picked for the group's states.")).not.toHaveLength(
      0,
    );
    await user.click(screen.getByRole('button', { name: /^Add state$/ }));
    expect(screen.getByRole('checkbox', { name: /^Stage Left channel 1$/ })).toBeEnabled();
  });

  it('has no hard-coded strings (pseudo-locale), the live test included', async () => {
    const { user } = renderTouch(
      <SourceGroupForm groupIndex={0} />,
      config({ ...bar, states: [...bar.states, { name: 'Old', sources: [src(RIGHT, 1, 'Dante 3')] }] }),
      { resources: pseudoResources() },
    );
    await user.click(screen.getByRole('switch'));
    const sources = ['Analog 1', 'Analog 2', 'Dante 1', 'Dante 3'];
    const amps = ['Stage Left', 'Stage Right', 'Balcony', '704D', '352N', '10.0.0.11', '10.0.0.12', '10.0.0.13'];
    expectOnlyTranslated(['Radio', 'TV', 'Old', 'Bar', ...sources, ...amps]);
  });
});
