import type { TouchConfiguration, VolumeGroup } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import {
  hasUnsavedChanges,
  shownConfig,
  touchEditorActions as act,
  touchEditorReducer as reduce,
  type TouchEditorState,
} from './touch-editor-slice';

const id = '127.0.2.1';
const A = { ipAddress: '10.0.0.1', macAddress: '00:11:22:33:44:01' };
const B = { ipAddress: '10.0.0.2', macAddress: '00:11:22:33:44:02' };
const saved: TouchConfiguration = { name: 'Lobby Touch', groups: [] };

const run = (...actions: Parameters<typeof reduce>[1][]): TouchEditorState =>
  actions.reduce<TouchEditorState>(reduce, reduce({}, act.loaded({ id, config: saved })));
const draft = (s: TouchEditorState) => s[id]!.draft!;
const volume = (s: TouchEditorState, i = 0) => draft(s).groups[i] as VolumeGroup;

describe('touch configuration editing (spec 3 §4)', () => {
  it('edits a temporary copy; the saved configuration is untouched until the save answers', () => {
    const s = run(act.volumeGroupAdded({ id, name: 'Bar' }));
    expect(s[id]!.saved).toEqual(saved);
    expect(shownConfig(s[id]!)!.groups).toHaveLength(1);
    expect(hasUnsavedChanges(s[id]!)).toBe(true);
    const after = reduce(s, act.saveSucceeded({ id, config: draft(s) }));
    expect(after[id]!.draft).toBeNull();
    expect(after[id]!.saved!.groups[0]!.name).toBe('Bar');
    expect(hasUnsavedChanges(after[id]!)).toBe(false);
  });

  it('Cancel discards the copy, name included; a sync keeps the copy', () => {
    let s = run(act.renamed({ id, name: 'Foyer' }));
    s = reduce(s, act.loaded({ id, config: { name: 'Other', groups: [] } }));
    expect(draft(s).name).toBe('Foyer');
    s = reduce(s, act.discarded({ id }));
    expect(shownConfig(s[id]!)!.name).toBe('Other');
  });

  it('a failed save keeps the copy and shows the error', () => {
    let s = run(act.volumeGroupAdded({ id, name: 'Bar' }), act.saveStarted({ id }));
    s = reduce(s, act.saveFailed({ id, message: 'panel offline' }));
    expect(s[id]).toMatchObject({ saving: false, error: 'panel offline' });
    expect(draft(s).groups).toHaveLength(1);
  });

  it('moves groups up and down, never past the ends', () => {
    const s = run(
      act.volumeGroupAdded({ id, name: 'One' }),
      act.sourceGroupAdded({ id, name: 'Two', stateName: 'State 1' }),
      act.groupMoved({ id, group: 1, by: -1 }),
      act.groupMoved({ id, group: 0, by: -1 }),
    );
    expect(draft(s).groups.map((g) => g.name)).toEqual(['Two', 'One']);
  });

  it('a volume group keeps offsets of channels kept, new channels start at 0 dB, dropped ones leave the subgroups', () => {
    let s = run(
      act.volumeGroupAdded({ id, name: 'Bar' }),
      act.volumeChannelsSet({
        id,
        group: 0,
        channels: [
          { ...A, channel: 1 },
          { ...A, channel: 2 },
        ],
      }),
      act.channelOffsetSet({ id, group: 0, macAddress: A.macAddress.toUpperCase(), channel: 2, offset: -6 }),
      act.subgroupSaved({ id, group: 0, subGroup: { name: 'Left', amps: [{ ...A, channels: [1, 2] }] } }),
    );
    s = reduce(
      s,
      act.volumeChannelsSet({
        id,
        group: 0,
        channels: [
          { ...A, channel: 2 },
          { ...B, channel: 1 },
        ],
      }),
    );
    expect(volume(s).amps).toEqual([
      { ...A, channels: { '2': { offset: -6 } } },
      { ...B, channels: { '1': { offset: 0 } } },
    ]);
    expect(volume(s).subGroups[0]!.amps).toEqual([{ ...A, channels: [2] }]);
  });

  it('adding a subgroup replaces one of the same name; editing by index replaces that one', () => {
    const sub = (name: string, ch: number) => ({ name, amps: [{ ...A, channels: [ch] }] });
    const s = run(
      act.volumeGroupAdded({ id, name: 'Bar' }),
      act.subgroupSaved({ id, group: 0, subGroup: sub('Left', 1) }),
      act.subgroupSaved({ id, group: 0, subGroup: sub('Right', 2) }),
      act.subgroupSaved({ id, group: 0, subGroup: sub('Left', 3) }),
      act.subgroupSaved({ id, group: 0, index: 1, subGroup: sub('Right side', 2) }),
    );
    expect(volume(s).subGroups).toEqual([sub('Left', 3), sub('Right side', 2)]);
  });

  it("a source group holds at most 4 states; a new state copies the first one's channels and sources", () => {
    let s = run(
      act.sourceGroupAdded({ id, name: 'Inputs', stateName: 'Mic' }),
      act.sourceChannelsSet({ id, group: 0, channels: [{ ...A, channel: 1, defaultSource: 'Analog 1' }] }),
      act.sourceSet({ id, group: 0, state: 0, macAddress: A.macAddress, channel: 1, source: 'Dante 2' }),
    );
    for (const name of ['Two', 'Three', 'Four', 'Five']) s = reduce(s, act.stateAdded({ id, group: 0, name }));
    const g = draft(s).groups[0]!;
    expect(g.type === 'sourceSelect' && g.states.map((x) => x.name)).toEqual(['Mic', 'Two', 'Three', 'Four']);
    expect(g.type === 'sourceSelect' && g.states[3]!.sources).toEqual([{ ...A, channel: 1, source: 'Dante 2' }]);
  });

  it("changing a source group's channels keeps each state's choices for channels kept", () => {
    const s = run(
      act.sourceGroupAdded({ id, name: 'Inputs', stateName: 'Mic' }),
      act.stateAdded({ id, group: 0, name: 'Line' }),
      act.sourceChannelsSet({ id, group: 0, channels: [{ ...A, channel: 1, defaultSource: 'Analog 1' }] }),
      act.sourceSet({ id, group: 0, state: 1, macAddress: A.macAddress, channel: 1, source: 'Analog 2' }),
      act.sourceChannelsSet({
        id,
        group: 0,
        channels: [
          { ...A, channel: 1, defaultSource: 'Analog 1' },
          { ...B, channel: 4, defaultSource: 'Dante 1' },
        ],
      }),
      act.stateMoved({ id, group: 0, state: 1, by: -1 }),
    );
    const g = draft(s).groups[0]!;
    expect(g.type === 'sourceSelect' && g.states.map((x) => [x.name, x.sources.map((y) => y.source)])).toEqual([
      ['Line', ['Analog 2', 'Dante 1']],
      ['Mic', ['Analog 1', 'Dante 1']],
    ]);
  });

  it('an import replaces the copy', () => {
    const imported: TouchConfiguration = {
      name: 'Lobby Touch',
      groups: [{ type: 'sourceSelect', name: 'X', states: [] }],
    };
    const s = run(act.volumeGroupAdded({ id, name: 'Bar' }), act.imported({ id, config: imported }));
    expect(draft(s)).toEqual(imported);
  });
});
