/**
 * A software WebAuthn authenticator for the passkey tests: what a platform authenticator does, by hand. It makes an
 * ES256 key pair per credential (node:crypto), answers creation options with attestation 'none' and request options
 * with an assertion signed over authenticatorData ‖ SHA-256(clientDataJSON), and counts its signatures. Options
 * let a test lie like a broken or hostile client would (another origin, a counter that went back, no verification).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  PasskeyAuthenticationResponse,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
  PasskeyRequestOptions,
} from '@rackside/protocol';

// ---- the little CBOR that attestation objects and COSE keys need (RFC 8949: ints, byte and text strings, maps) ----

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/** One credential the authenticator holds. */
export interface SoftCredential {
  readonly id: string;
  readonly rpId: string;
  /** The user handle the creation options gave (base64url). */
  readonly userHandle: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The signature counter; the next assertion signs counter + 1. */
  counter: number;
}

/** What a test may change about one answer. */
export interface Lies {
  /** The origin the client data names (default: the authenticator's). */
  readonly origin?: string;
  /** Whether the user was verified (default: the authenticator's). */
  readonly userVerified?: boolean;
  /** Sign with this counter instead of the next one. */
  readonly counter?: number;
  /** Answer with this credential (default: the first allowed one, or the only one for the relying party). */
  readonly credential?: SoftCredential;
}

/** A software authenticator for one origin. */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(
    private readonly origin: string,
    private readonly userVerified = true,
  ) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, lies: Lies): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: lies.origin ?? this.origin, crossOrigin: false }),
      'utf8',
    );
  }

  private flags(lies: Lies): number {
    return UP | ((lies.userVerified ?? this.userVerified) ? UV : 0);
  }

  /** navigator.credentials.create: a new ES256 credential for the options' relying party and user. */
  create(options: PasskeyCreationOptions, lies: Lies = {}): PasskeyRegistrationResponse {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(16);
    const credential: SoftCredential = {
      id: b64url(id),
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey,
      counter: 0,
    };
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(lies) | AT]),
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, lies)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get: an assertion by an allowed credential (any of this relying party's when none listed). */
  get(options: PasskeyRequestOptions, lies: Lies = {}): PasskeyAuthenticationResponse {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential =
      lies.credential ??
      this.credentials.find((c) => c.rpId === rpId && (allowed === undefined || allowed.includes(c.id)));
    if (credential === undefined) throw new Error('NotAllowedError: no credential for these options');
    const counter = lies.counter ?? credential.counter + 1;
    credential.counter = Math.max(credential.counter, counter);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(lies)]), count]);
    const clientData = this.clientData('webauthn.get', options.challenge, lies);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
