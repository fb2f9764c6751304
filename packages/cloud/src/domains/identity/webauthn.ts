/**
 * The WebAuthn relying party of the cloud (issue 21, docs/adr/0009-passkeys.md): its id and the origins it accepts,
 * from PUBLIC_URL; the challenge a response answers; the @simplewebauthn/server checks with their failures as 400
 * PasskeyInvalid (what went wrong in the message, never a 500).
 */
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from '@rackside/protocol';
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type VerifiedAuthenticationResponse,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { AppError } from '../../plugins/errors';

/** The relying party: its id (a domain), the name authenticators show, and the origins a response may come from. */
export interface RelyingParty {
  readonly id: string;
  readonly name: string;
  readonly origins: readonly string[];
}

/** The name authenticators show beside the account. */
export const RP_NAME = 'Rackside';

const isLoopbackAddress = (host: string): boolean => /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';

/**
 * The relying party of a cloud at `publicUrl`: the id is its host name and the origin its origin. Browsers refuse an
 * IP address as an id, so a cloud on a loopback address (a laptop, the e2e flows) uses `localhost` on the same port:
 * passkeys work from http://localhost:{port} there, which is a secure context as the loopback address is.
 */
export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  if (!isLoopbackAddress(url.hostname)) return { id: url.hostname, name: RP_NAME, origins: [url.origin] };
  const port = url.port === '' ? '' : `:${url.port}`;
  return { id: 'localhost', name: RP_NAME, origins: [url.origin, `${url.protocol}//localhost${port}`] };
}

/** A user's WebAuthn user handle: the 16 bytes of the account id (one credential per account on an authenticator). */
export const userHandleOf = (userId: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

/** The user handle as an assertion carries it (base64url). */
export const userHandleText = (userId: string): string => Buffer.from(userHandleOf(userId)).toString('base64url');

export const invalid = (message: string) => new AppError('PasskeyInvalid', message);

const ClientDataSchema = z.object({ challenge: z.string().min(1).max(128) });

/** The challenge a response answers (from its clientDataJSON); PasskeyInvalid when it cannot be read. */
export function challengeOf(clientDataJSON: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    throw invalid('The passkey response is not readable');
  }
  const data = ClientDataSchema.safeParse(parsed);
  if (!data.success) throw invalid('The passkey response names no challenge');
  return data.data.challenge;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : 'unreadable response');

/** A checked registration: the credential to store. */
export interface VerifiedRegistration {
  readonly credentialId: string;
  readonly publicKey: string;
  readonly counter: number;
}

/** Checks an attestation against its challenge and the relying party; PasskeyInvalid when it does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: PasskeyRegistrationResponse,
  expectedChallenge: string,
): Promise<VerifiedRegistration> {
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: { ...response, clientExtensionResults: {} },
      expectedChallenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      // a second factor needs only presence; passwordless sign-in asks for verification when it signs in
      requireUserVerification: false,
    });
  } catch (error) {
    throw invalid(`The passkey was not accepted: ${reason(error)}`);
  }
  if (!result.verified) throw invalid('The passkey was not accepted');
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
  };
}

/** Checks an assertion by a stored credential; PasskeyInvalid when it does not verify (the counter included). */
export async function verifyAssertion(
  rp: RelyingParty,
  response: PasskeyAuthenticationResponse,
  expectedChallenge: string,
  credential: { credentialId: string; publicKey: string; counter: number; transports: string[] },
  requireUserVerification: boolean,
): Promise<VerifiedAuthenticationResponse['authenticationInfo']> {
  let result: VerifiedAuthenticationResponse;
  try {
    result = await verifyAuthenticationResponse({
      response: { ...response, clientExtensionResults: {} },
      expectedChallenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
        transports: credential.transports,
      },
      requireUserVerification,
    });
  } catch (error) {
    throw invalid(`The passkey was not accepted: ${reason(error)}`);
  }
  if (!result.verified) throw invalid('The passkey was not accepted');
  return result.authenticationInfo;
}
