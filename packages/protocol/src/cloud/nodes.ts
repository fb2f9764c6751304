import { z } from 'zod';

/**
 * Cloud nodes sharing one broker (issue 20): each node's service client leaves its last will on
 * `rackside/cloud/nodes/{nodeId}` and listens to every node's. The broker publishes a will only when a connection ends
 * without a goodbye (the node was killed or hung): the messages the broker had handed that node and it had not stored
 * yet are gone with it, so the other nodes read the devices' retained messages again (service-client.ts).
 */
export const CLOUD_NODE_TOPIC_PREFIX = `rackside/cloud/nodes`;
/** A node's will topic. */
export const cloudNodeTopic = (nodeId: string): string => `${CLOUD_NODE_TOPIC_PREFIX}/${nodeId}`;
/** Every node's will. */
export const CLOUD_NODE_TOPIC_FILTER = `${CLOUD_NODE_TOPIC_PREFIX}/+`;
/** A node id: letters, digits, `-` (a topic level without wildcards). */
export const CloudNodeIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
/** A node's last will. */
export const CloudNodeGoneSchema = z.strictObject({ gone: z.literal(true) });
export type CloudNodeGone = z.infer<typeof CloudNodeGoneSchema>;
/** The node a will topic names; undefined for any other topic. */
export function parseCloudNodeTopic(topic: string): string | undefined {
  const head = `${CLOUD_NODE_TOPIC_PREFIX}/`;
  if (!topic.startsWith(head)) return undefined;
  const id = CloudNodeIdSchema.safeParse(topic.slice(head.length));
  return id.success ? id.data : undefined;
}
