/**
 * The touch configuration editor's state (spec 3 §3 "state slices", §4): per panel (keyed by its IP address) the
 * configuration last read from the panel, the temporary copy being edited, whether a save is running, whether the
 * save lock was overridden, and the error a dialog shows. Every edit works on the temporary copy (made from the saved
 * configuration on the first edit); Save sends the copy, Cancel discards it.
 *
 * The slice lives in the editor's lazily loaded chunk (useReducer under CsTouchProvider), not in the app store: the
 * editor's state belongs to the editor screen, and the first route stays small (docs/adr/0004).
 */
import { createSlice, current, isDraft, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import {
  DEFAULT_CHANNEL_OFFSET_DB,
  SOURCE_STATES_MAX,
  newVolumeGroup,
  type Source,
  type SourceSelectGroup,
  type TouchConfiguration,
  type TouchGroup,
  type VolumeGroup,
  type VolumeGroupAmp,
  type VolumeSubGroup,
} from '@rackside/protocol';

/** One panel's editing state. */
export interface PanelEdit {
  /** The configuration last read from (or saved to) the panel; null until the first read answers. */
  readonly saved: TouchConfiguration | null;
  /** The temporary copy being edited; null when nothing was changed since the last read or save. */
  readonly draft: TouchConfiguration | null;
  readonly saving: boolean;
  /** spec 3 §4: Unlock ignores the save lock (amps offline) for this panel until the next save. */
  readonly lockIgnored: boolean;
  /** Why the last read failed (the panel or the amp behind it unreachable); null after a read answers. */
  readonly loadError: string | null;
  /** The error the error dialog shows (spec 3 §8); null when none. */
  readonly error: string | null;
}

export type TouchEditorState = Readonly<Record<string, PanelEdit>>;

export const emptyPanelEdit: PanelEdit = {
  saved: null,
  draft: null,
  saving: false,
  lockIgnored: false,
  loadError: null,
  error: null,
};

/** An amp channel as the editor names it: the amp's address and MAC (from its ethernet info) and the channel. */
export interface AmpChannelRef {
  readonly ipAddress: string;
  readonly macAddress: string;
  readonly channel: number;
}

type Panel = { id: string };
type At<T = object> = PayloadAction<Panel & { group: number } & T>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const sameMac = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const clone = <T>(v: T): T => structuredClone(isDraft(v) ? (current(v as Draft<T>) as T) : v);

function panel(state: Record<string, Mutable<PanelEdit>>, id: string): Mutable<PanelEdit> {
  return (state[id] ??= { ...emptyPanelEdit });
}

/** The temporary copy, made from the saved configuration on the first edit (spec 3 §4). */
function draftOf(state: Record<string, Mutable<PanelEdit>>, id: string): TouchConfiguration {
  const p = panel(state, id);
  p.draft ??= clone(p.saved ?? { name: '', groups: [] });
  return p.draft;
}

function groupOf<T extends TouchGroup['type']>(
  state: Record<string, Mutable<PanelEdit>>,
  { id, group }: Panel & { group: number },
  type: T,
): Extract<TouchGroup, { type: T }> | undefined {
  const g = draftOf(state, id).groups[group];
  return g?.type === type ? (g as Extract<TouchGroup, { type: T }>) : undefined;
}

function move<T>(list: T[], index: number, by: -1 | 1): void {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return;
  const [item] = list.splice(index, 1) as [T];
  list.splice(to, 0, item);
}

/** Drops from a volume group's subgroups every channel the group itself no longer holds. */
function pruneSubgroups(group: VolumeGroup): void {
  for (const sub of group.subGroups) {
    sub.amps = sub.amps
      .map((a) => {
        const owner = group.amps.find((g) => sameMac(g.macAddress, a.macAddress));
        return { ...a, channels: owner ? a.channels.filter((ch) => String(ch) in owner.channels) : [] };
      })
      .filter((a) => a.channels.length > 0);
  }
}

const initialState: Record<string, Mutable<PanelEdit>> = {};

const slice = createSlice({
  name: 'touchEditor',
  initialState,
  reducers: {
    /** A read of the panel answered (spec 3 §4 sync): the saved configuration is replaced; the copy is kept. */
    loaded(state, { payload }: PayloadAction<Panel & { config: TouchConfiguration }>) {
      const p = panel(state, payload.id);
      p.saved = payload.config;
      p.loadError = null;
    },
    loadFailed(state, { payload }: PayloadAction<Panel & { message: string }>) {
      panel(state, payload.id).loadError = payload.message;
    },
    /** spec 3 §4 Cancel / Discard: the copy is dropped (the name goes back with it). */
    discarded(state, { payload }: PayloadAction<Panel>) {
      panel(state, payload.id).draft = null;
    },
    saveStarted(state, { payload }: PayloadAction<Panel>) {
      panel(state, payload.id).saving = true;
    },
    /** spec 3 §4: after Save the copy is discarded and the panel's answer is the saved configuration. */
    saveSucceeded(state, { payload }: PayloadAction<Panel & { config: TouchConfiguration }>) {
      const p = panel(state, payload.id);
      Object.assign(p, { saving: false, draft: null, saved: payload.config, lockIgnored: false });
    },
    /** A failed save keeps the copy (nothing the user did is lost) and shows the error dialog. */
    saveFailed(state, { payload }: PayloadAction<Panel & { message: string }>) {
      Object.assign(panel(state, payload.id), { saving: false, error: payload.message });
    },
    /** spec 3 §4: Unlock ignores the save lock. */
    lockIgnored(state, { payload }: PayloadAction<Panel>) {
      panel(state, payload.id).lockIgnored = true;
    },
    errorShown(state, { payload }: PayloadAction<Panel & { message: string }>) {
      panel(state, payload.id).error = payload.message;
    },
    errorCleared(state, { payload }: PayloadAction<Panel>) {
      panel(state, payload.id).error = null;
    },

    /** spec 3 §4: renaming the configuration renames the controller too (on save). */
    renamed(state, { payload }: PayloadAction<Panel & { name: string }>) {
      draftOf(state, payload.id).name = payload.name;
    },
    /** spec 3 §4 import: the file's groups replace the copy's; the current name is kept. */
    imported(state, { payload }: PayloadAction<Panel & { config: TouchConfiguration }>) {
      panel(state, payload.id).draft = payload.config;
    },
    volumeGroupAdded(state, { payload }: PayloadAction<Panel & { name: string }>) {
      draftOf(state, payload.id).groups.push(newVolumeGroup(payload.name));
    },
    /** A new source group starts with one state, so that channels can be picked at once. */
    sourceGroupAdded(state, { payload }: PayloadAction<Panel & { name: string; stateName: string }>) {
      const group: SourceSelectGroup = {
        type: 'sourceSelect',
        name: payload.name,
        states: [{ name: payload.stateName, sources: [] }],
      };
      draftOf(state, payload.id).groups.push(group);
    },
    groupRemoved(state, { payload }: At) {
      draftOf(state, payload.id).groups.splice(payload.group, 1);
    },
    groupMoved(state, { payload }: At<{ by: -1 | 1 }>) {
      move(draftOf(state, payload.id).groups, payload.group, payload.by);
    },
    groupRenamed(state, { payload }: At<{ name: string }>) {
      const g = draftOf(state, payload.id).groups[payload.group];
      if (g) g.name = payload.name;
    },

    /** spec 3 §5: the volume group's range, 0 to 80 dB. */
    volumeRangeSet(state, { payload }: At<{ range: number }>) {
      const g = groupOf(state, payload, 'volume');
      if (g) g.range = payload.range;
    },
    /**
     * The amps and channels of a volume group: channels kept keep their offset, new ones start at 0 dB; channels
     * dropped leave the subgroups too.
     */
    volumeChannelsSet(state, { payload }: At<{ channels: readonly AmpChannelRef[] }>) {
      const g = groupOf(state, payload, 'volume');
      if (!g) return;
      const amps: VolumeGroupAmp[] = [];
      for (const ref of payload.channels) {
        let amp = amps.find((a) => sameMac(a.macAddress, ref.macAddress));
        if (!amp) amps.push((amp = { ipAddress: ref.ipAddress, macAddress: ref.macAddress, channels: {} }));
        const before = g.amps.find((a) => sameMac(a.macAddress, ref.macAddress))?.channels[String(ref.channel)];
        amp.channels[String(ref.channel)] = { offset: before?.offset ?? DEFAULT_CHANNEL_OFFSET_DB };
      }
      g.amps = amps;
      pruneSubgroups(g);
    },
    /** spec 3 §5: a channel's offset, -80 to 0 dB. */
    channelOffsetSet(state, { payload }: At<{ macAddress: string; channel: number; offset: number }>) {
      const g = groupOf(state, payload, 'volume');
      const ch = g?.amps.find((a) => sameMac(a.macAddress, payload.macAddress))?.channels[String(payload.channel)];
      if (ch) ch.offset = payload.offset;
    },
    /** spec 3 §4: adding a subgroup saves a new one, or replaces the one of the same name in its parent. */
    subgroupSaved(state, { payload }: At<{ subGroup: VolumeSubGroup; index?: number }>) {
      const g = groupOf(state, payload, 'volume');
      if (!g) return;
      const at = payload.index ?? g.subGroups.findIndex((s) => s.name === payload.subGroup.name);
      if (at >= 0 && at < g.subGroups.length) g.subGroups[at] = payload.subGroup;
      else g.subGroups.push(payload.subGroup);
    },
    subgroupRemoved(state, { payload }: At<{ sub: number }>) {
      groupOf(state, payload, 'volume')?.subGroups.splice(payload.sub, 1);
    },
    subgroupMoved(state, { payload }: At<{ sub: number; by: -1 | 1 }>) {
      const g = groupOf(state, payload, 'volume');
      if (g) move(g.subGroups, payload.sub, payload.by);
    },

    /** spec 3 §5: at most 4 states; a new state selects the same channels as the first, with their sources. */
    stateAdded(state, { payload }: At<{ name: string }>) {
      const g = groupOf(state, payload, 'sourceSelect');
      if (!g || g.states.length >= SOURCE_STATES_MAX) return;
      g.states.push({ name: payload.name, sources: clone(g.states[0]?.sources ?? []) });
    },
    stateRenamed(state, { payload }: At<{ state: number; name: string }>) {
      const s = groupOf(state, payload, 'sourceSelect')?.states[payload.state];
      if (s) s.name = payload.name;
    },
    stateRemoved(state, { payload }: At<{ state: number }>) {
      groupOf(state, payload, 'sourceSelect')?.states.splice(payload.state, 1);
    },
    stateMoved(state, { payload }: At<{ state: number; by: -1 | 1 }>) {
      const g = groupOf(state, payload, 'sourceSelect');
      if (g) move(g.states, payload.state, payload.by);
    },
    /**
     * The channels of a source group, in every state: a channel kept keeps each state's source, a new one starts
     * on `defaultSource(ref)` (the first input the amp's model offers).
     */
    sourceChannelsSet(state, { payload }: At<{ channels: readonly (AmpChannelRef & { defaultSource: string })[] }>) {
      const g = groupOf(state, payload, 'sourceSelect');
      if (!g) return;
      for (const s of g.states) {
        s.sources = payload.channels.map((ref): Source => {
          const before = s.sources.find((x) => sameMac(x.macAddress, ref.macAddress) && x.channel === ref.channel);
          return {
            ipAddress: ref.ipAddress,
            macAddress: ref.macAddress,
            channel: ref.channel,
            source: before?.source ?? ref.defaultSource,
          };
        });
      }
    },
    /** The input one channel selects in one state. */
    sourceSet(state, { payload }: At<{ state: number; macAddress: string; channel: number; source: string }>) {
      const s = groupOf(state, payload, 'sourceSelect')?.states[payload.state];
      const src = s?.sources.find((x) => sameMac(x.macAddress, payload.macAddress) && x.channel === payload.channel);
      if (src) src.source = payload.source;
    },
  },
});

export const touchEditorActions = slice.actions;
export const touchEditorReducer = slice.reducer;
export type TouchEditorAction = ReturnType<(typeof touchEditorActions)[keyof typeof touchEditorActions]>;

/** The configuration the editor shows: the copy when there is one, else the saved one. */
export const shownConfig = (p: PanelEdit): TouchConfiguration | null => p.draft ?? p.saved;

/** spec 3 §2: Cancel and Save show only with unsaved changes (a copy that differs from the saved) or a save running. */
export const hasUnsavedChanges = (p: PanelEdit): boolean =>
  p.draft !== null && JSON.stringify(p.draft) !== JSON.stringify(p.saved);
