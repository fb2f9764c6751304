/**
 * One MQTT 3.1 / 3.1.1 PUBLISH packet at QoS 0, not retained (MQTT 3.1.1 §3.3): what the relay's in-process link
 * writes straight to an amp's connection on the embedded broker (embedded-broker.ts), byte for byte what Aedes would
 * write for the same message.
 */

/** MQTT 3.1.1 §2.2.3: the largest remaining length four bytes can say. */
const MAX_REMAINING_LENGTH = 268_435_455;
/** MQTT 3.1.1 §1.5.3: a topic's length is a 16-bit number. */
const MAX_TOPIC_BYTES = 65_535;
/** Fixed header, first byte: type 3 (PUBLISH), DUP 0, QoS 0, RETAIN 0. */
const PUBLISH_QOS0 = 0x30;

/** The packet's bytes; throws when the topic or the packet is too long for MQTT. */
export function encodePublishQos0(topic: string, payload: Uint8Array): Buffer {
  const topicBytes = Buffer.byteLength(topic);
  if (topicBytes > MAX_TOPIC_BYTES) throw new RangeError(`topic of ${topicBytes} bytes is too long`);
  const remaining = 2 + topicBytes + payload.byteLength;
  if (remaining > MAX_REMAINING_LENGTH) throw new RangeError(`packet of ${remaining} bytes is too large`);
  const lengthBytes = remaining < 128 ? 1 : remaining < 16_384 ? 2 : remaining < 2_097_152 ? 3 : 4;
  const packet = Buffer.allocUnsafe(1 + lengthBytes + remaining);
  let at = packet.writeUInt8(PUBLISH_QOS0, 0);
  // §2.2.3: seven bits a byte, least significant first, the top bit set while more follow
  for (let rest = remaining; ;) {
    const low = rest % 128;
    rest = Math.floor(rest / 128);
    at = packet.writeUInt8(rest > 0 ? low | 128 : low, at);
    if (rest === 0) break;
  }
  at = packet.writeUInt16BE(topicBytes, at);
  at += packet.write(topic, at, 'utf8');
  packet.set(payload, at);
  return packet;
}
