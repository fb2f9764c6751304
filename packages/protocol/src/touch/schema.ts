/** The touch-panel configuration of spec 3 §3 and §5 as zod schemas: volume groups and source-select groups. */
import { z } from 'zod';
import {
  CHANNEL_OFFSET_MAX_DB,
  CHANNEL_OFFSET_MIN_DB,
  GROUP_NAME_MAX_LENGTH,
  SOURCE_STATES_MAX,
  SUBGROUP_NAME_MAX_LENGTH,
  VOLUME_RANGE_MAX_DB,
  VOLUME_RANGE_MIN_DB,
} from '../catalog/constants';
import { CHOSEN } from '../device/chosen';
import { subgroupChannelConflicts } from './subgroups';

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

/** spec 3 §3: a dotted-quad IPv4 address with an optional :port. */
export const TOUCH_IP_ADDRESS_PATTERN = new RegExp(`^${OCTET}(\\.${OCTET}){3}(:\\d{1,5})?$`);
/** spec 3 §3: six hex pairs separated by colons. */
export const TOUCH_MAC_ADDRESS_PATTERN = /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/;

/** spec 3 §3: an amp's IP address in a touch configuration. */
export const TouchIpAddressSchema = z.string().regex(TOUCH_IP_ADDRESS_PATTERN, 'not a dotted-quad IP address');
/** spec 3 §3: an amp's MAC address (from its ethernet network info). */
export const TouchMacAddressSchema = z.string().regex(TOUCH_MAC_ADDRESS_PATTERN, 'not a MAC address');

/** The configuration is named after its controller, whose name the device API allows up to 64 characters (NstDeviceSchema). */
const CONFIGURATION_NAME_MAX_LENGTH = 64;
const channelNumber = z.number().int().min(1);
const channelKey = z.string().regex(/^[1-9]\d*$/, 'not a channel number');

/** spec 3 §3 / §5: a channel of a volume group amp, with its offset in dB (-80 to 0). */
export const VolumeChannelSchema = z.object({
  offset: z.number().min(CHANNEL_OFFSET_MIN_DB).max(CHANNEL_OFFSET_MAX_DB),
});

/** spec 3 §3: an amp of a volume group: channels keyed by channel number. */
export const VolumeGroupAmpSchema = z.object({
  ipAddress: TouchIpAddressSchema,
  macAddress: TouchMacAddressSchema,
  channels: z.record(channelKey, VolumeChannelSchema),
});
export type VolumeGroupAmp = z.infer<typeof VolumeGroupAmpSchema>;

/** spec 3 §3: an amp of a volume subgroup: a list of channel numbers. */
export const VolumeSubGroupAmpSchema = z.object({
  ipAddress: TouchIpAddressSchema,
  macAddress: TouchMacAddressSchema,
  channels: z.array(channelNumber),
});
export type VolumeSubGroupAmp = z.infer<typeof VolumeSubGroupAmpSchema>;

/** spec 3 §3 / §5: a volume subgroup, named with 1 to 60 characters. */
export const VolumeSubGroupSchema = z.object({
  name: z.string().min(1).max(SUBGROUP_NAME_MAX_LENGTH),
  amps: z.array(VolumeSubGroupAmpSchema),
});
export type VolumeSubGroup = z.infer<typeof VolumeSubGroupSchema>;

/** spec 3 §3 / §5: a volume group: range 0-80 dB, amps and subgroups; a channel is in at most one subgroup. */
export const VolumeGroupSchema = z
  .object({
    type: z.literal('volume'),
    name: z.string().min(1).max(GROUP_NAME_MAX_LENGTH),
    range: z.number().min(VOLUME_RANGE_MIN_DB).max(VOLUME_RANGE_MAX_DB),
    amps: z.array(VolumeGroupAmpSchema),
    subGroups: z.array(VolumeSubGroupSchema),
  })
  .superRefine((group, ctx) => {
    for (const c of subgroupChannelConflicts(group)) {
      ctx.addIssue({
        code: 'custom',
        path: ['subGroups'],
        message: `channel ${c.channel} of ${c.macAddress} is in more than one subgroup: ${c.subGroups.join(', ')}`,
      });
    }
  });
export type VolumeGroup = z.infer<typeof VolumeGroupSchema>;

/** spec 3 §3: one source of a state: an amp channel and the input it selects. */
export const SourceSchema = z.object({
  ipAddress: TouchIpAddressSchema,
  channel: channelNumber,
  source: z.string().min(1).max(32),
  macAddress: TouchMacAddressSchema,
});
export type Source = z.infer<typeof SourceSchema>;

/** spec 3 §3: a state of a source-select group. */
export const SourceSelectStateSchema = z.object({
  name: z.string().min(1).max(CHOSEN.touchStateNameMaxLength),
  sources: z.array(SourceSchema),
});
export type SourceSelectState = z.infer<typeof SourceSelectStateSchema>;

/** spec 3 §3 / §5: a source-select group with at most 4 ordered states. */
export const SourceSelectGroupSchema = z.object({
  type: z.literal('sourceSelect'),
  name: z.string().min(1).max(GROUP_NAME_MAX_LENGTH),
  states: z.array(SourceSelectStateSchema).max(SOURCE_STATES_MAX),
});
export type SourceSelectGroup = z.infer<typeof SourceSelectGroupSchema>;

/** spec 3 §3: a top-level group the editor knows. */
export const TouchGroupSchema = z.union([VolumeGroupSchema, SourceSelectGroupSchema]);
export type TouchGroup = z.infer<typeof TouchGroupSchema>;

/**
 * spec 3 §4: a group of another type: kept out of the editor on import ("only sourceSelect and volume groups are kept"),
 * so it passes the schema, but a malformed volume or source-select group does not.
 */
export const OtherTouchGroupSchema = z.looseObject({
  type: z.string().refine((t) => t !== 'volume' && t !== 'sourceSelect', 'malformed group'),
});

/** spec 3 §3 / §5: an imported or exported touch configuration file: version and groups (name optional). */
export const TouchConfigFileSchema = z.object({
  version: z.number(),
  name: z.string().max(CONFIGURATION_NAME_MAX_LENGTH).optional(),
  groups: z.array(z.union([TouchGroupSchema, OtherTouchGroupSchema])),
});
export type TouchConfigFile = z.infer<typeof TouchConfigFileSchema>;

/** spec 3 §3: the configuration the editor holds and saves to the panel. */
export const TouchConfigurationSchema = z.object({
  name: z.string().max(CONFIGURATION_NAME_MAX_LENGTH),
  groups: z.array(TouchGroupSchema),
});
export type TouchConfiguration = z.infer<typeof TouchConfigurationSchema>;

/** spec 3 §7: the amp's answer to `/NSTProxy getConfig|setConfig`: the request id and the panel's configuration. */
export const TouchConfigReplySchema = z.object({
  requestId: z.union([z.string(), z.number(), z.null()]).optional(),
  payload: TouchConfigurationSchema,
});
