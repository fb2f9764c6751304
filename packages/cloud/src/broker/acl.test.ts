import { deviceTopic, deviceTopicFilter, parseDeviceTopic } from '@rackside/protocol';
import { describe, expect, it } from 'vitest';
import { mayPublish, maySubscribe, type BrokerIdentity } from './acl';

const devA: BrokerIdentity = { kind: 'device', deviceId: 'dev-a' };
const service: BrokerIdentity = { kind: 'service' };

describe('device topics', () => {
  it('build and parse back, refusing ids that would break a topic', () => {
    expect(deviceTopic('dev-a', 'jobStatus')).toBe('rackside/devices/dev-a/jobs/status');
    expect(parseDeviceTopic('rackside/devices/dev-a/jobs/status')).toEqual({ deviceId: 'dev-a', kind: 'jobStatus' });
    expect(parseDeviceTopic('rackside/devices/dev-a/api/res')).toEqual({ deviceId: 'dev-a', kind: 'apiRes' });
    expect(deviceTopicFilter('reported')).toBe('rackside/devices/+/reported');
    for (const id of ['a/b', '+', '#', '', 'x'.repeat(65)]) expect(() => deviceTopic(id, 'status')).toThrow();
    for (const t of ['rackside/devices/dev-a', 'rackside/devices/dev-a/reported/x', 'other/dev-a/status'])
      expect(parseDeviceTopic(t)).toBeUndefined();
  });
});

describe('broker ACL', () => {
  it("confines a device's publications to its own device-to-cloud topics", () => {
    for (const t of ['reported', 'status', 'sensors', 'jobs/status', 'api/res'])
      expect(mayPublish(devA, `rackside/devices/dev-a/${t}`), t).toBe(true);
    for (const t of [
      'rackside/devices/dev-b/reported',
      'rackside/devices/dev-a/jobs',
      'rackside/devices/dev-a/api/req',
      'rackside/devices/dev-a/reported/extra',
      '$SYS/broker/x',
      'anything',
    ])
      expect(mayPublish(devA, t), t).toBe(false);
  });

  it("confines a device's subscriptions to its own jobs and api/req, without wildcards", () => {
    expect(maySubscribe(devA, 'rackside/devices/dev-a/jobs')).toBe(true);
    expect(maySubscribe(devA, 'rackside/devices/dev-a/api/req')).toBe(true);
    for (const f of [
      'rackside/devices/dev-b/jobs',
      'rackside/devices/+/jobs',
      'rackside/devices/dev-a/#',
      'rackside/devices/dev-a/reported',
      '#',
      '$share/g/rackside/devices/dev-a/jobs',
    ])
      expect(maySubscribe(devA, f), f).toBe(false);
  });

  it('lets the service identity do anything', () => {
    expect(mayPublish(service, 'rackside/devices/dev-b/jobs')).toBe(true);
    expect(maySubscribe(service, 'rackside/devices/+/reported')).toBe(true);
  });
});
