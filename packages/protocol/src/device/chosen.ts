/**
 * Values the specs leave "not shown", chosen here and only here (issue 2 asks that every such
 * choice be marked in one place). Each names the spec passage that leaves it open.
 */
export const CHOSEN = {
  /** spec 2 §6 and §9 "firmware {ip} or newer": UAC role checks and the mixer input need this version. */
  uacFirmwareThreshold: '1.4.0.0',
  mixerInputFirmwareThreshold: '1.4.0.0',
  /** spec 2 §6 "the role entry for one fixed role id": the id of the role the console reads. */
  uacRoleId: 'installer',
  /** spec 2 §2 "back-panel attenuation pot lockout ... only for a fixed list of CDS and CS model variants, list not shown". */
  potLockoutModels: ['CDS-504', 'CDS-1004', 'CDS-508', 'CDS-1008', '1504N', '1504D', '1504'],
  /** The number of GPIO ports on models with GPIO (spec 2 §3 "GPIO per port", count not shown). */
  gpioPorts: 2,
  /** spec 2 §3 GPIO "behavior": choices not shown. */
  gpioBehaviors: ['Mute', 'Standby', 'Select Secondary Input', 'Fader Override'],
  /** spec 2 §3 powerSupply outputPortMode: the relay output's function, choices not shown. */
  outputPortModes: ['Fault', 'Standby', 'Signal Present', 'Disabled'],
  /** spec 2 §3 poeStatus: values not shown. */
  poeStatuses: ['Not Present', 'Powered', 'Insufficient'],
  /** spec 2 §4 "FIR types: Low, High, Dual Shelf": we read these as shelf filters and spell them in full. */
  firTypes: ['Low Shelf', 'High Shelf', 'Dual Shelf'],
  /** spec 2 §3 "super8": the field behind the Settings tab's Smart Power Bridge button. */
  smartPowerBridgeField: 'super8',
  /** The largest request frame an emulated amp reads (bytes); larger frames get an error reply (issue 3). */
  maxFrameBytes: 256 * 1024,
  /** Requests an amp queues per connection before answering "busy" (issue 3 flood rule). */
  maxQueuedRequests: 256,
  /** spec 2 §7 "/cloud sensorPublishDuration (60)" unit: seconds. */
  sensorPublishDurationDefault: 60,
  /**
   * spec 2 §6 "named permissions checked": the permission keys read from `/UAC roles[role][permission]`.
   * The spec names the permissions but does not spell their keys.
   */
  uacPermissions: {
    channelOutputGain: 'channel.output.gain',
    channelOutputMute: 'channel.output.mute',
    autoStandbyEnable: 'powerSupply.autoStandby.enable',
    autoStandbyWaitTime: 'powerSupply.autoStandby.waitTime',
    autoStandbyThreshold: 'powerSupply.autoStandby.threshold',
    autoAcLimitsEnable: 'powerSupply.autoAcLimits.enable',
    lowAcFaultLimit: 'powerSupply.acFaultLimit.low',
    highAcFaultLimit: 'powerSupply.acFaultLimit.high',
    ampSettingsImportExport: 'amp.settings.importExport',
    miscFirmwareUpdate: 'misc.firmwareUpdate',
  },
  /** spec 3 §4: source-select state names can be renamed; their maximum length is not shown (we reuse the group's 50). */
  touchStateNameMaxLength: 50,
} as const;
