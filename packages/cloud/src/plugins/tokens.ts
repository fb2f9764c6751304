/**
 * Access and id tokens: HS256 JWTs signed with JWT_SECRET (jose), naming the user (`sub`) and the session (`sid`),
 * expiring after ACCESS_TOKEN_TTL_S. Refresh tokens are opaque random strings; only their SHA-256 is stored.
 * Notification links (acknowledge, unsubscribe; issue 15) carry a compact HMAC-signed token instead of a JWT: it
 * rides in SMS, where every character counts (72 characters against ~300 for a JWT).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { ResolvedConfig } from '../config';
import { AppError } from './errors';

/** What a verified bearer token says. */
export interface TokenSubject {
  readonly userId: string;
  readonly sessionId: string;
  readonly tokenUse: 'id' | 'access';
}

/** The user facts an id token carries (spec 1 §3 session/user). */
export interface IdentityFacts {
  readonly userId: string;
  readonly sessionId: string;
  readonly email: string;
  readonly emailVerified: boolean;
}

const AUDIENCE = 'rackside';
const ClaimsSchema = z.object({ sub: z.uuid(), sid: z.uuid(), token_use: z.enum(['id', 'access']) });
/** A relay credential has its own audience, so it is no bearer token and a bearer token is no relay credential. */
const RELAY_AUDIENCE = 'rackside-relay';
const RelayClaimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  dev: z.string().min(1),
  exp: z.number(),
  /** The scope (RelayScope); absent in a credential issued before scopes: `control`. */
  scp: z.enum(['control', 'mute']).optional(),
});

/**
 * What a relay session may do: `control`, the whole device API (remote.control); `mute`, read everything and write
 * nothing but channels' mute (remote.mute: an operator's mute-all from the amp card).
 */
export type RelayScope = 'control' | 'mute';

/** A firmware download token has its own audience too: it opens one image of one user's library, nothing else. */
const FIRMWARE_AUDIENCE = 'rackside-firmware';
const FirmwareClaimsSchema = z.object({ sub: z.uuid(), img: z.uuid() });

/** What a verified relay credential says: this user (in this sign-in session) may reach this amp until expiresAt. */
export interface RelaySubject {
  readonly userId: string;
  readonly sessionId: string;
  readonly deviceId: string;
  readonly scope: RelayScope;
  readonly expiresAt: Date;
}

/** What a notification link is for; each purpose has its own tag byte, so one is never taken for the other. */
export type LinkPurpose = 'acknowledge' | 'unsubscribe';
const LINK_TAG: Readonly<Record<LinkPurpose, number>> = { acknowledge: 1, unsubscribe: 2 };
const LINK_VERSION = 1;
/** Bytes of the link token's HMAC (128 bits). */
const LINK_MAC_BYTES = 16;
/** Longest token text worth decoding: anything longer is junk (an acknowledge token is 72 characters). */
const LINK_MAX_CHARS = 128;

/** What a verified notification link names: the contact it was sent to and (acknowledge) the incident. */
export interface LinkSubject {
  readonly contactId: string;
  readonly incidentId?: string;
}

const uuidBytes = (id: string): Buffer => {
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error('not a uuid');
  return Buffer.from(hex, 'hex');
};
const uuidText = (b: Buffer): string => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** Signs and verifies tokens; also hashes refresh tokens and codes. */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly codeKey: Buffer;
  private readonly linkKey: Buffer;

  constructor(
    private readonly config: Pick<ResolvedConfig, 'JWT_SECRET' | 'PUBLIC_URL' | 'ACCESS_TOKEN_TTL_S'>,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(config.JWT_SECRET);
    this.codeKey = createHmac('sha256', config.JWT_SECRET).update('rackside verification codes').digest();
    this.linkKey = createHmac('sha256', config.JWT_SECRET).update('rackside notification links').digest();
  }

  /** Seconds the id and access tokens live. */
  get expiresIn(): number {
    return this.config.ACCESS_TOKEN_TTL_S;
  }

  /** A fresh id token and access token for a session. */
  async issue(facts: IdentityFacts): Promise<{ idToken: string; accessToken: string }> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ ...claims, sid: facts.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(facts.userId)
        .setIssuer(this.config.PUBLIC_URL)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + this.config.ACCESS_TOKEN_TTL_S)
        .sign(this.key);
    const [idToken, accessToken] = await Promise.all([
      sign({ token_use: 'id', email: facts.email, email_verified: facts.emailVerified }),
      sign({ token_use: 'access', scope: 'rackside' }),
    ]);
    return { idToken, accessToken };
  }

  /** The subject of a valid, unexpired token of ours; Unauthorized otherwise. */
  async verify(token: string): Promise<TokenSubject> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.config.PUBLIC_URL,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
      });
      const claims = ClaimsSchema.parse(payload);
      return { userId: claims.sub, sessionId: claims.sid, tokenUse: claims.token_use };
    } catch (err) {
      const expired = err instanceof joseErrors.JWTExpired;
      throw new AppError('Unauthorized', expired ? 'The token has expired' : 'The token is not valid');
    }
  }

  /** A relay credential for one user × one amp (issue 13), living `ttlS` seconds. */
  async issueRelay(
    subject: Omit<RelaySubject, 'expiresAt'>,
    ttlS: number,
  ): Promise<{ token: string; expiresAt: Date }> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const token = await new SignJWT({ sid: subject.sessionId, dev: subject.deviceId, scp: subject.scope })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.userId)
      .setIssuer(this.config.PUBLIC_URL)
      .setAudience(RELAY_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlS)
      .sign(this.key);
    return { token, expiresAt: new Date((iat + ttlS) * 1000) };
  }

  /** The subject of a valid, unexpired relay credential; Unauthorized otherwise. */
  async verifyRelay(token: string): Promise<RelaySubject> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.config.PUBLIC_URL,
        audience: RELAY_AUDIENCE,
        currentDate: this.clock.now(),
      });
      const claims = RelayClaimsSchema.parse(payload);
      const expiresAt = new Date(claims.exp * 1000);
      return {
        userId: claims.sub,
        sessionId: claims.sid,
        deviceId: claims.dev,
        scope: claims.scp ?? 'control',
        expiresAt,
      };
    } catch (err) {
      const expired = err instanceof joseErrors.JWTExpired;
      throw new AppError('Unauthorized', expired ? 'The token has expired' : 'The token is not valid');
    }
  }

  /** A download token for one image of the user's firmware library, living `ttlS` seconds (issue 14). */
  async issueFirmware(userId: string, imageId: string, ttlS: number): Promise<string> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ img: imageId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(this.config.PUBLIC_URL)
      .setAudience(FIRMWARE_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlS)
      .sign(this.key);
  }

  /** The user and image of a valid, unexpired download token; Unauthorized otherwise. */
  async verifyFirmware(token: string): Promise<{ userId: string; imageId: string }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.config.PUBLIC_URL,
        audience: FIRMWARE_AUDIENCE,
        currentDate: this.clock.now(),
      });
      const claims = FirmwareClaimsSchema.parse(payload);
      return { userId: claims.sub, imageId: claims.img };
    } catch (err) {
      const expired = err instanceof joseErrors.JWTExpired;
      throw new AppError('Unauthorized', expired ? 'The download link has expired' : 'The download link is not valid');
    }
  }

  private linkMac(body: Buffer): Buffer {
    return createHmac('sha256', this.linkKey).update(body).digest().subarray(0, LINK_MAC_BYTES);
  }

  /**
   * A notification link token living `ttlS` seconds: version, purpose, expiry (s), the incident (acknowledge), the
   * contact, and an HMAC over them, base64url. It names ids only: following it needs nothing else to be looked up.
   */
  issueLink(purpose: LinkPurpose, subject: LinkSubject, ttlS: number): string {
    const exp = Math.floor(this.clock.now().getTime() / 1000) + ttlS;
    const head = Buffer.alloc(6);
    head.writeUInt8(LINK_VERSION, 0);
    head.writeUInt8(LINK_TAG[purpose], 1);
    head.writeUInt32BE(exp, 2);
    const ids =
      purpose === 'acknowledge'
        ? [uuidBytes(subject.incidentId ?? ''), uuidBytes(subject.contactId)]
        : [uuidBytes(subject.contactId)];
    const body = Buffer.concat([head, ...ids]);
    return Buffer.concat([body, this.linkMac(body)]).toString('base64url');
  }

  /** What a valid, unexpired link token of this purpose names; LINK_INVALID (400) for anything else. */
  verifyLink(purpose: LinkPurpose, token: unknown): LinkSubject {
    const invalid = () => new AppError('LINK_INVALID', 'This link is damaged or has expired');
    if (typeof token !== 'string' || token.length > LINK_MAX_CHARS || !/^[A-Za-z0-9_-]+$/.test(token)) throw invalid();
    const raw = Buffer.from(token, 'base64url');
    const idCount = purpose === 'acknowledge' ? 2 : 1;
    if (raw.length !== 6 + 16 * idCount + LINK_MAC_BYTES) throw invalid();
    const body = raw.subarray(0, raw.length - LINK_MAC_BYTES);
    if (!timingSafeEqual(this.linkMac(body), raw.subarray(body.length))) throw invalid();
    if (body.readUInt8(0) !== LINK_VERSION || body.readUInt8(1) !== LINK_TAG[purpose]) throw invalid();
    if (body.readUInt32BE(2) * 1000 <= this.clock.now().getTime()) throw invalid();
    const ids = [0, 1].slice(0, idCount).map((i) => uuidText(body.subarray(6 + 16 * i, 22 + 16 * i)));
    return purpose === 'acknowledge' ? { incidentId: ids[0], contactId: ids[1] ?? '' } : { contactId: ids[0] ?? '' };
  }

  /** A new opaque refresh token (256 random bits). */
  newRefreshToken = (): string => randomBytes(32).toString('base64url');

  /** What is stored of a refresh token. */
  hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');

  /** The keyed hash stored for a code: a stolen table does not reveal 6-digit codes by brute force. */
  hashCode = (scope: string, code: string): string =>
    createHmac('sha256', this.codeKey).update(`${scope}:${code}`).digest('hex');

  /** Constant-time comparison of two hex digests. */
  static sameDigest(a: string, b: string): boolean {
    const x = Buffer.from(a, 'hex');
    const y = Buffer.from(b, 'hex');
    return x.length === y.length && timingSafeEqual(x, y);
  }
}
