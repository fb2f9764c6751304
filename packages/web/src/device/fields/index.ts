/** Field access for every amp page: schemas from `info`, the UAC/lock access rule, live values, the field context. */
export { makeAccess, type AccessFacts } from './access';
export {
  boundsOf,
  defaultAmpState,
  enumSchema,
  numberSchema,
  parseFieldSchema,
  replyInfo,
  splitFieldUrl,
  treeInfo,
  valueAt,
  type EnumSchema,
  type FieldSchema,
  type InfoLookup,
  type NumberSchema,
} from './field-info';
export { formatFieldNumber } from './format-number';
export { isLiveUrl, sameExceptLive, useLiveValue, type LiveSource } from './live';
export type { AccessCheck, DeviceWrite, FieldContext } from './types';
export { useFieldAccess, useIsCloud, type FieldAccess } from './use-field-access';
