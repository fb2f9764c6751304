/** Touch configuration editor rules of spec 3 §4 and §5: names, state limits, new groups, channel pickers and import. */
import {
  DEFAULT_VOLUME_RANGE_DB,
  GROUP_NAME_MAX_LENGTH,
  SOURCE_STATES_MAX,
  SUBGROUP_NAME_MAX_LENGTH,
} from '../catalog/constants';
import { TOUCH_MESSAGES } from '../catalog/errors';
import { singleInputSourcesFor } from '../device/choices';
import type { ModelInfo } from '../device/models';
import {
  TouchConfigFileSchema,
  type TouchConfigFile,
  type TouchConfiguration,
  type TouchGroup,
  type VolumeGroup,
} from './schema';
import { ampChannelKey } from './subgroups';

/** spec 3 §5: group and subgroup rename: Save is disabled when the name is empty or longer than 50 characters. */
export const isValidGroupRename = (name: string): boolean => name.trim() !== '' && name.length <= GROUP_NAME_MAX_LENGTH;

/** spec 3 §5: the volume subgroup dialog is valid only with a non-empty name of at most 60 characters. */
export const isValidSubgroupName = (name: string): boolean =>
  name.trim() !== '' && name.length <= SUBGROUP_NAME_MAX_LENGTH;

/** spec 3 §5: a source group holds at most 4 states; adding is disabled at 4. */
export const canAddSourceState = (group: { states: readonly unknown[] }): boolean =>
  group.states.length < SOURCE_STATES_MAX;

/** spec 3 §5: a new volume group has the default range 80 dB and no amps or subgroups. */
export const newVolumeGroup = (name: string): VolumeGroup => ({
  type: 'volume',
  name,
  range: DEFAULT_VOLUME_RANGE_DB,
  amps: [],
  subGroups: [],
});

/** spec 3 §5: the input sources a source-select state may pick on a model (no combination inputs). */
export const touchSourcesFor = (model: ModelInfo): string[] => singleInputSourcesFor(model);

/** The amp channels (ampChannelKey) of one top-level group. */
function groupChannels(group: TouchGroup): string[] {
  if (group.type === 'volume') {
    return group.amps.flatMap((a) => Object.keys(a.channels).map((ch) => ampChannelKey(a.macAddress, Number(ch))));
  }
  return group.states.flatMap((s) => s.sources.map((src) => ampChannelKey(src.macAddress, src.channel)));
}

/** spec 3 §5: the amp channels held by groups of the same type other than `groupIndex`, disabled in the picker. */
export function channelsInOtherGroups(config: Pick<TouchConfiguration, 'groups'>, groupIndex: number): Set<string> {
  const own = config.groups[groupIndex];
  const taken = new Set<string>();
  config.groups.forEach((g, i) => {
    if (i !== groupIndex && (!own || g.type === own.type)) for (const key of groupChannels(g)) taken.add(key);
  });
  return taken;
}

/** The result of reading an import file. */
export type TouchImportParse = { ok: true; file: TouchConfigFile } | { ok: false; message: string };

/** spec 3 §4 / §5: parses an import file's text as JSON and checks it against the schema, else 'failed to import settings'. */
export function parseTouchConfigFile(text: string): TouchImportParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: TOUCH_MESSAGES.failedToImportSettings };
  }
  const parsed = TouchConfigFileSchema.safeParse(json);
  return parsed.success
    ? { ok: true, file: parsed.data }
    : { ok: false, message: TOUCH_MESSAGES.failedToImportSettings };
}

const isKnownGroup = (g: TouchConfigFile['groups'][number]): g is TouchGroup =>
  g.type === 'volume' || g.type === 'sourceSelect';

/** spec 3 §4: an import replaces the groups, drops the version, keeps the current name and only volume and source groups. */
export const applyTouchImport = (
  current: Pick<TouchConfiguration, 'name'>,
  file: TouchConfigFile,
): TouchConfiguration => ({
  name: current.name,
  groups: file.groups.filter(isKnownGroup),
});
