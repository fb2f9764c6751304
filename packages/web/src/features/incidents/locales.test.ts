import { INCIDENT_CONDITIONS, INCIDENT_EVENT_TYPES, SEVERITY_LEVELS } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n/i18n';
import en from '../../shared/i18n/locales/en/incidents.json';
import { conditionText } from './incident-format';

const keys = (o: object) => Object.keys(o).sort();

describe('incident texts', () => {
  it('word every condition, timeline entry and severity of the incident contract', () => {
    expect(keys(en.condition)).toEqual([...INCIDENT_CONDITIONS].sort());
    expect(keys(en.channelCondition)).toEqual([...INCIDENT_CONDITIONS].sort());
    expect(keys(en.timeline.event)).toEqual([...INCIDENT_EVENT_TYPES].sort());
    expect(keys(en.severity)).toEqual([...SEVERITY_LEVELS].sort());
  });

  it('say what happened: condition, channel and the amp’s own word; an event line as it is', () => {
    const t = createI18n('en').getFixedT('en', 'incidents');
    expect(conditionText(t, { type: 'channelFault', channel: 1 })).toBe('Channel 1: output faulted');
    expect(conditionText(t, { type: 'loadMonitor', detail: 'Open' })).toBe('Load monitor: Open');
    expect(conditionText(t, { type: 'pilotTone', channel: 3, detail: 'Low' })).toBe('Channel 3: pilot tone: Low');
    expect(conditionText(t, { type: 'offline' })).toBe('Amp offline');
    expect(conditionText(t, { type: 'powerSupplyFault', detail: 'ignored' })).toBe('Power supply fault');
    expect(conditionText(t, { type: 'event', detail: 'Network: link restored' })).toBe('Network: link restored');
    expect(conditionText(t, { type: 'event' })).toBe('Event');
    const zh = createI18n('zh').getFixedT('zh', 'incidents');
    expect(conditionText(zh, { type: 'channelFault', channel: 2 })).toBe('通道 2：输出故障');
  });
});
