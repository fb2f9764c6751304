/** IPv4 and CIDR rules of the network form (spec 2 §5). */

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** spec 2 §5: true for a dotted-quad IPv4 address with octets 0-255 and no leading zeros. */
export const isValidIpv4 = (ip: string): boolean => {
  const parts = ip.split('.');
  return parts.length === 4 && parts.every((p) => OCTET.test(p));
};

/** spec 2 §5: the subnet mask of a CIDR prefix length 0-32 (24 → '255.255.255.0'), or null when out of range. */
export function cidrToSubnetMask(prefix: number): string | null {
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 32) return null;
  const bits = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return [24, 16, 8, 0].map((s) => (bits >>> s) & 255).join('.');
}

/** spec 2 §5: the prefix length of a contiguous subnet mask ('255.255.255.0' → 24), or null when not a mask. */
export function subnetMaskToCidr(mask: string): number | null {
  if (!isValidIpv4(mask)) return null;
  const bits = mask.split('.').reduce((acc, o) => ((acc << 8) | Number(o)) >>> 0, 0);
  const inverted = ~bits >>> 0;
  if ((inverted & (inverted + 1)) !== 0) return null; // the ones must be contiguous from the top
  return 32 - Math.log2(inverted + 1);
}

/** spec 2 §5: the IP field, which may carry a CIDR suffix ('192.168.1.20/24'); null when it is not valid. */
export function parseIpField(text: string): { ip: string; subnetMask?: string } | null {
  const [ip = '', prefix, ...rest] = text.trim().split('/');
  if (rest.length > 0 || !isValidIpv4(ip)) return null;
  if (prefix === undefined) return { ip };
  if (!/^\d{1,2}$/.test(prefix)) return null;
  const subnetMask = cidrToSubnetMask(Number(prefix));
  return subnetMask ? { ip, subnetMask } : null;
}
