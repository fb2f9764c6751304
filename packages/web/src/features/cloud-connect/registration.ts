/**
 * spec 1 §4 device-to-cloud registration from the amp's connect page: idle, running, success, error. The console
 * writes the token and endpoint to `/cloud`; the amp's cloud agent registers and reports `/cloud status`
 * (docs/device-api.md "Cloud agent": Registering, then Registered or Connected, or Failed).
 */
import type { DeviceDelta } from '@rackside/protocol';

export type CloudStatus = NonNullable<NonNullable<DeviceDelta['cloud']>['status']>;
export type CloudError = NonNullable<NonNullable<DeviceDelta['cloud']>['lastError']>;

/** The amp's reasons for a failed registration that the page names (else 'something went wrong'). */
const REGISTRATION_ERRORS = [
  'REGISTRATION_TOKEN_USED',
  'REGISTRATION_TOKEN_EXPIRED',
  'REGISTRATION_TOKEN_INVALID',
  'REGISTRATION_REFUSED',
] as const satisfies readonly CloudError[];
export type RegistrationError = (typeof REGISTRATION_ERRORS)[number];
/** The amp's reasons for having let its registration go (issue 16): the amp is not connected any more. */
const RELEASE_REASONS = ['DEVICE_REMOVED', 'CREDENTIALS_REFUSED'] as const satisfies readonly CloudError[];
export type ReleaseReason = (typeof RELEASE_REASONS)[number];

export const registrationErrorOf = (e: CloudError | undefined): RegistrationError | undefined =>
  REGISTRATION_ERRORS.find((r) => r === e);
export const releaseReasonOf = (e: CloudError | undefined): ReleaseReason | undefined =>
  RELEASE_REASONS.find((r) => r === e);

export type RegistrationState =
  | { readonly phase: 'idle' | 'success' | 'error' }
  | {
      readonly phase: 'running';
      /** `/cloud status` when the user pressed Connect (an earlier registration may have left Registered or Failed). */
      readonly before: CloudStatus | undefined;
      /** The amp has reported Registering since: any later outcome is this attempt's. */
      readonly sawRegistering: boolean;
    };

export const IDLE: RegistrationState = { phase: 'idle' };

/**
 * Our choice (the spec does not say how long to wait): a running registration that has reached no outcome after
 * 60 s is reported as an error; the amp keeps retrying by itself (its back-off tops out at 60 s).
 */
export const REGISTRATION_TIMEOUT_MS = 60_000;

/** The amp reported its `/cloud`: the next state of a running registration. */
export function registrationStep(
  state: RegistrationState,
  cloud: { status: CloudStatus | undefined; registrationToken: string | undefined },
): RegistrationState {
  if (state.phase !== 'running') return state;
  const { status } = cloud;
  if (status === 'Registering') return state.sawRegistering ? state : { ...state, sawRegistering: true };
  const moved = state.sawRegistering || status !== state.before;
  const registered = status === 'Registered' || status === 'Connected';
  // the agent clears the single-use token once the cloud has answered with a device id
  if (registered && (moved || cloud.registrationToken === '')) return { phase: 'success' };
  if (status === 'Failed' && moved) return { phase: 'error' };
  return state;
}
