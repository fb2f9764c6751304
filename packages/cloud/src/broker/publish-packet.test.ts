import { describe, expect, it } from 'vitest';
import { encodePublishQos0 } from './publish-packet';

const bytes = (b: Buffer) => [...b];

describe('encodePublishQos0 (MQTT 3.1.1 §3.3)', () => {
  it('writes the fixed header, the topic with its length and the payload', () => {
    expect(bytes(encodePublishQos0('a/b', Buffer.from('hi')))).toEqual([
      0x30,
      7,
      0,
      3,
      ...Buffer.from('a/b'),
      ...Buffer.from('hi'),
    ]);
    expect(bytes(encodePublishQos0('t', new Uint8Array()))).toEqual([0x30, 3, 0, 1, 0x74]);
  });

  it('encodes the remaining length in 1 to 4 bytes at the boundaries of §2.2.3', () => {
    const header = (remaining: number) => {
      const packet = encodePublishQos0('t', Buffer.alloc(remaining - 3)); // 2 + 1 topic byte + payload
      expect(packet.length).toBe(remaining + 1 + Math.max(1, Math.ceil(Math.log2(remaining + 1) / 7)));
      return bytes(packet.subarray(1, packet.length - remaining));
    };
    expect(header(127)).toEqual([0x7f]);
    expect(header(128)).toEqual([0x80, 0x01]);
    expect(header(16_383)).toEqual([0xff, 0x7f]);
    expect(header(16_384)).toEqual([0x80, 0x80, 0x01]);
    expect(header(2_097_151)).toEqual([0xff, 0xff, 0x7f]);
    expect(header(2_097_152)).toEqual([0x80, 0x80, 0x80, 0x01]);
  });

  it('counts the topic in UTF-8 bytes, and refuses what MQTT cannot carry', () => {
    expect(bytes(encodePublishQos0('é', new Uint8Array()).subarray(0, 4))).toEqual([0x30, 4, 0, 2]);
    expect(() => encodePublishQos0('x'.repeat(65_536), new Uint8Array())).toThrow(RangeError);
  });
});
