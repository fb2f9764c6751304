/**
 * The browser's side of a passkey ceremony (issue 21), through @simplewebauthn/browser loaded on first use (a chunk
 * of its own: never in the sign-in route's bundle). A ceremony that gives no credential fails with a CloudError-shaped
 * reason (status 0), so that the console shows it like any failed call: 'Cancelled' (the user closed the prompt, or
 * it timed out: nothing changed), 'PasskeyExists' (this authenticator holds one of the account's passkeys already),
 * 'Unsupported' (no WebAuthn, or not at this address) or 'CeremonyFailed'.
 */
import type {
  PasskeyAuthenticationResponse,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
  PasskeyRequestOptions,
} from '@rackside/protocol';
import type { CloudError } from '../../shared/cloud/cloud-error';
import type { CloudResult } from '../../shared/cloud/cloud-request';

const failure = (error: string): { error: CloudError } => ({ error: { status: 0, error } });

/** The reason a ceremony failed, from the DOMException (or WebAuthnError) the browser raised. */
export function ceremonyFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'PasskeyExists';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'Cancelled';
  if (name === 'SecurityError' || name === 'NotSupportedError') return 'Unsupported';
  return 'CeremonyFailed';
}

const load = () => import('@simplewebauthn/browser');

/** navigator.credentials.create with the cloud's creation options. */
export async function createCredential(
  options: PasskeyCreationOptions,
): Promise<CloudResult<PasskeyRegistrationResponse>> {
  const webauthn = await load();
  if (!webauthn.browserSupportsWebAuthn()) return failure('Unsupported');
  try {
    const response = await webauthn.startRegistration({ optionsJSON: options });
    return { data: { ...response, clientExtensionResults: {} } };
  } catch (error) {
    return failure(ceremonyFailure(error));
  }
}

/** navigator.credentials.get with the cloud's request options. */
export async function getAssertion(
  options: PasskeyRequestOptions,
): Promise<CloudResult<PasskeyAuthenticationResponse>> {
  const webauthn = await load();
  if (!webauthn.browserSupportsWebAuthn()) return failure('Unsupported');
  try {
    const response = await webauthn.startAuthentication({ optionsJSON: options });
    return { data: { ...response, clientExtensionResults: {} } };
  } catch (error) {
    return failure(ceremonyFailure(error));
  }
}
