/**
 * 802.1X file slots of the upload CGI (spec 2 §4/§5): which file name fills which slot, the PEM check, and the
 * `/network/ethernet` flags a slot reports.
 */

/** The three 802.1X file slots of spec 2 §3 "Dot1x form". */
export type Dot1xSlot = 'CaCert' | 'ClientCert' | 'ClientKey';

interface SlotInfo {
  readonly kind: 'certificate' | 'key';
  readonly uploadedFlag: string;
  readonly validFlag: string;
}

/** spec 2 §5: "Upload accepts CaCert as ca.pem, ClientCert as client.pem, ClientKey as client.key". */
export const DOT1X_FILE_NAMES: ReadonlyMap<string, Dot1xSlot> = new Map([
  ['ca.pem', 'CaCert'],
  ['client.pem', 'ClientCert'],
  ['client.key', 'ClientKey'],
]);

const SLOTS: Record<Dot1xSlot, SlotInfo> = {
  CaCert: { kind: 'certificate', uploadedFlag: 'dot1xUploadedCACert', validFlag: 'dot1xCACertValid' },
  ClientCert: { kind: 'certificate', uploadedFlag: 'dot1xUploadedClientCert', validFlag: 'dot1xClientCertValid' },
  ClientKey: { kind: 'key', uploadedFlag: 'dot1xUploadedClientKey', validFlag: 'dot1xClientKeyCheck' },
};

/** The largest 802.1X file the amp accepts (bytes); a certificate chain is a few KiB. */
export const MAX_DOT1X_FILE_BYTES = 64 * 1024;

const CERT_LABELS = new Set(['CERTIFICATE']);
const KEY_LABELS = new Set(['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY', 'ENCRYPTED PRIVATE KEY']);
const BLOCK = /-----BEGIN ([A-Z ]+)-----\r?\n([\s\S]*?)-----END ([A-Z ]+)-----/g;
const BASE64_LINE = /^[A-Za-z0-9+/]+={0,2}$/;
const HEADER_LINE = /^[A-Za-z-]+: .+$/; // RFC 1421 headers of legacy encrypted keys (Proc-Type, DEK-Info)

/** Checks one PEM block body: optional RFC 1421 headers, then base64 lines that decode to a DER SEQUENCE. */
function checkBody(body: string): boolean {
  const lines = body.split(/\r?\n/).map((l) => l.trim());
  let i = 0;
  if (lines[0] !== undefined && HEADER_LINE.test(lines[0])) {
    while (i < lines.length && HEADER_LINE.test(lines[i] ?? '')) i++;
    if (lines[i] !== '') return false;
  }
  const b64 = lines.slice(i).filter((l) => l.length > 0);
  if (b64.length === 0 || !b64.every((l) => BASE64_LINE.test(l))) return false;
  const joined = b64.join('');
  if (joined.length % 4 !== 0) return false;
  const der = Buffer.from(joined, 'base64');
  return der.length > 2 && der[0] === 0x30; // every X.509 certificate and private key is an ASN.1 SEQUENCE
}

/**
 * Checks a file's PEM content for a slot: certificates are one or more CERTIFICATE blocks (a chain), a key is
 * exactly one PRIVATE KEY block (PKCS#8, RSA, EC or encrypted). Only whitespace may surround the blocks.
 * Returns an error message, or undefined when the content is fine.
 */
export function checkPem(slot: Dot1xSlot, content: Buffer): string | undefined {
  const text = content.toString('utf8');
  const labels = SLOTS[slot].kind === 'certificate' ? CERT_LABELS : KEY_LABELS;
  const what = SLOTS[slot].kind === 'certificate' ? 'a PEM certificate' : 'a PEM private key';
  let blocks = 0;
  let rest = text;
  for (const m of text.matchAll(BLOCK)) {
    const [whole, begin = '', body = '', end = ''] = m;
    if (begin !== end || !labels.has(begin) || !checkBody(body)) return `${slot} is not ${what}`;
    blocks++;
    rest = rest.replace(whole, '');
  }
  if (blocks === 0 || rest.trim() !== '') return `${slot} is not ${what}`;
  if (SLOTS[slot].kind === 'key' && blocks > 1) return `${slot} must hold exactly one private key`;
  return undefined;
}

/** The `/network/ethernet` delta (rooted at '/') that records an upload into a slot. */
export function dot1xDelta(slot: Dot1xSlot, valid: boolean): Record<string, unknown> {
  const { uploadedFlag, validFlag } = SLOTS[slot];
  return { network: { ethernet: { [uploadedFlag]: true, [validFlag]: valid } } };
}
